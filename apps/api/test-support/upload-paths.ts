/**
 * Addresses under /uploads that must never reach a file: climbing out of the folder (plain,
 * encoded, double-encoded, backslashed), hidden files, NUL bytes, a broken escape, a folder that
 * is not an image folder, and a file that does not exist. Whatever stores the files (disk or
 * bucket) answers each with a 4xx in the error envelope.
 */
export const REFUSED_UPLOAD_PATHS = [
  '/uploads/products/../secret.txt',
  '/uploads/products/%2e%2e/secret.txt',
  '/uploads/products/%2e%2e%2fsecret.txt',
  '/uploads/products/..%2fsecret.txt',
  '/uploads/products/..%5csecret.txt',
  '/uploads/products/%252e%252e%252fsecret.txt',
  '/uploads/products/.hidden.webp',
  '/uploads/products/%2ehidden.webp',
  '/uploads/products/known.webp%00.png',
  '/uploads/products/%00',
  '/uploads/products/%E0%A4%A',
  '/uploads/secret.txt',
  '/uploads/other/a.webp',
  '/uploads/products/missing.webp',
] as const;
