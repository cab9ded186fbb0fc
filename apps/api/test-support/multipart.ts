import fs from 'node:fs';
import path from 'node:path';
import type { ImageFolder } from '@shop/shared';
import sharp from 'sharp';
import { storedImageFiles } from '../src/modules/media/index.js';

/** One file of a multipart form: its field, file name, content type and bytes. */
export interface FormFile {
  field: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A small real picture in the format, drawn by sharp. */
export function testPicture(format: 'png' | 'jpeg' | 'webp', background = '#c33'): Promise<Buffer> {
  const image = sharp({ create: { width: 40, height: 30, channels: 3, background } });
  return (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp()).toBuffer();
}

/** A multipart/form-data body as a browser sends it (text fields, then files) and its content type. */
export async function multipartBody(fields: Record<string, string>, files: FormFile[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** The stored file name of an upload URL such as /uploads/categories/abc.webp. */
export function uploadedName(url: string | null | undefined, folder: ImageFolder): string {
  const prefix = `/uploads/${folder}/`;
  if (!url?.startsWith(prefix)) throw new Error(`not an upload of ${folder}: ${String(url)}`);
  return decodeURIComponent(url.slice(prefix.length));
}

/** Which of a stored image's files (every width) exist in the uploads directory. */
export function existingImageFiles(uploadsDir: string, folder: ImageFolder, filename: string): string[] {
  return storedImageFiles(filename).filter((name) => fs.existsSync(path.join(uploadsDir, folder, name)));
}

/** Every file in an uploads folder (none when the folder does not exist yet). */
export function folderFiles(uploadsDir: string, folder: ImageFolder): string[] {
  const directory = path.join(uploadsDir, folder);
  return fs.existsSync(directory) ? fs.readdirSync(directory).sort() : [];
}
