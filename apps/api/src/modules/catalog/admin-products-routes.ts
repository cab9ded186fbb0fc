import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminProductResponseSchema,
  apiMessage,
  BULK_EDIT_MAX_PRODUCTS,
  errorResponseSchema,
  productAttributesBodySchema,
  productAttributesSaveResponseSchema,
  productDeleteResponseSchema,
  productFormSchema,
  productIdParamsSchema,
  productImageDeleteResponseSchema,
  productImportQuerySchema,
  productImportRefusedSchema,
  productImportResponseSchema,
  PRODUCT_IMPORT_CLEAR_MARKER,
  PRODUCT_IMPORT_MAX_ROWS,
  productImageParamsSchema,
  productsBulkEditBodySchema,
  productsBulkEditResponseSchema,
  productsExportFileName,
  kuwaitDateOf,
  stockMovementsQuerySchema,
  stockMovementsResponseSchema,
} from '@shop/shared';
import { z } from 'zod';
import {
  actorOf,
  ADMIN_ROUTE_FAILURES,
  BODY_FAILURES,
  FORM_ROUTE_FAILURES,
  ID_ROUTE_FAILURES,
  QUERY_ROUTE_FAILURES,
} from '../../lib/admin-form.js';
import { readCsvUpload } from '../../lib/csv-upload.js';
import { parseForm, readFormBody } from '../../lib/form-body.js';
import { PRODUCT_IMPORT_UPLOAD } from './product-import.js';

const WRITE = { permission: 'catalog.write' } as const;

/**
 * The back office's product writes. The reads are the
 * catalogue's own routes, which show drafts to callers with `catalog.read`.
 */
export async function adminProductRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { adminProducts: service } = app.services;
  const tags = ['back office: products'];

  routes.get(
    '/admin/products/export',
    {
      // The whole catalogue, drafts and all, for the import to read back: for those who may
      // change the products (administrators), not for moderators, who only read them.
      config: WRITE,
      schema: {
        tags,
        summary: 'Every product, drafts included, as a CSV file (streamed)',
        description:
          'text/csv in UTF-8 with a byte order mark, CRLF line ends, one row per product by id, ' +
          'the header row: id, sku, name_ar, name_en, short_description_ar, short_description_en, ' +
          'description_ar, description_en, price, sale_price (KWD with 3 decimals; empty when ' +
          'none), stock_quantity, status (published|draft), featured (true|false), category_slug, ' +
          'seo_title_ar, seo_title_en, seo_description_ar, seo_description_en, image_urls ' +
          '(absolute, in display order, separated by |). The same names in every language, for ' +
          'the import to read back. A cell a spreadsheet would run as a formula starts with an ' +
          'apostrophe (docs/decisions/053).',
        response: {
          200: {
            description: 'The CSV file (content-disposition: attachment; filename="products-<Kuwait day>.csv")',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...ADMIN_ROUTE_FAILURES,
        },
      },
    },
    async (_request, reply) => {
      // A stream, which the typed reply (JSON bodies) does not describe; fastify sends it as it is.
      const file: FastifyReply = reply;
      return file
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${productsExportFileName(kuwaitDateOf(new Date()))}"`,
        )
        .send(service.exportCsv());
    },
  );

  routes.post(
    '/admin/products/bulk-edit',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Preview or apply one change to many products (price, sale price, stock, status, category, featured)',
        description:
          `selection: { ids: [...] } (at most ${BULK_EDIT_MAX_PRODUCTS}, each once) or` +
          " { filter: the products list's " +
          'query (search, category, featured, status, sort, order) }, resolved on the server ' +
          'each time (more than the limit: 422). changes (at least one): price { set } | { percent } (−99.99 to 1000, 2 ' +
          'decimals) | { amount } (KWD, either sign); sale_price { set } | { percent_off_price } | ' +
          '{ remove: true }; stock_quantity; status; category_id; featured. Results are rounded ' +
          'half up to the fils; a price must stay above 0 and a sale price above 0 and below the ' +
          'price. dry_run: true answers each product with its before → after or why it is ' +
          'refused, and writes nothing. Applying is all or nothing: 422 (details: products.<id>) ' +
          'when any product would be refused (docs/decisions/057).',
        body: productsBulkEditBodySchema,
        response: {
          200: productsBulkEditResponseSchema,
          ...QUERY_ROUTE_FAILURES,
          422: errorResponseSchema,
          ...BODY_FAILURES,
        },
      },
    },
    async (request) => service.bulkEdit(request.body, actorOf(request), request.lang),
  );

  routes.post(
    '/admin/products/import',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Import products from a CSV file in the export\'s columns (dry run or apply)',
        description:
          'multipart/form-data with the file in `file` (at most 10 MB and ' +
          `${PRODUCT_IMPORT_MAX_ROWS} rows; UTF-8, with or without a byte order mark). The header row ` +
          'names columns of GET /admin/products/export, any subset in any order. A row updates the ' +
          'product of its `id`, else of its `sku` (any letter case), else creates a product (name_ar, ' +
          'price, stock_quantity and category_slug required). A blank cell keeps the value; a cell ' +
          `holding only "${PRODUCT_IMPORT_CLEAR_MARKER}" clears an optional one; image_urls may only ` +
          "keep, reorder or drop the product's own images. `dry_run=true` changes nothing. Applied: all " +
          'rows in one transaction, or none (422 with the rows and their errors) (docs/decisions/056).',
        querystring: productImportQuerySchema,
        response: {
          200: productImportResponseSchema,
          422: productImportRefusedSchema,
          ...QUERY_ROUTE_FAILURES,
          ...BODY_FAILURES,
        },
      },
    },
    async (request, reply) => {
      const upload = await readCsvUpload(request, PRODUCT_IMPORT_UPLOAD);
      const outcome = await service.importProducts(upload, {
        dryRun: request.query.dry_run ?? false,
        actor: actorOf(request),
        lang: request.lang,
      });
      if (!outcome.success) reply.code(422);
      return outcome;
    },
  );

  routes.post(
    '/products',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Create a product (multipart with `images`, or JSON)',
        description:
          'Fields: name, name_en, description, description_en, short_description, ' +
          'short_description_en, price, sale_price, stock_quantity, category_id, sku, featured ' +
          '(1/0), status (published|draft, default draft), images (files), image_order (JSON ' +
          '["n:0", …]), attribute_variations (JSON [{attribute_id, variation_id, price}]), ' +
          'seo_title_ar, seo_title_en (at most 70 characters), seo_description_ar, ' +
          'seo_description_en (at most 160).',
        response: { 201: adminProductResponseSchema, ...FORM_ROUTE_FAILURES },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readFormBody(request, ['images']);
      const form = parseForm(productFormSchema, fields);
      const product = await service.createProduct(form, files, actorOf(request));
      reply.code(201);
      return { success: true as const, product };
    },
  );

  routes.post(
    '/products/:id/duplicate',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Duplicate a product as a draft (stock 0, no SKU, images copied)',
        description:
          'Copies the names (marked "(نسخة)" / "(copy)"), texts, prices, sale price, category, ' +
          "SEO fields, variations with their surcharges and images (new files) into a new draft, " +
          'not featured, with stock 0 and no SKU. Answers the new product as PUT ' +
          '/products/{id} does.',
        params: productIdParamsSchema,
        response: { 201: adminProductResponseSchema, ...ID_ROUTE_FAILURES, ...BODY_FAILURES },
      },
    },
    async (request, reply) => {
      const product = await service.duplicateProduct(request.params.id, actorOf(request));
      reply.code(201);
      return { success: true as const, product };
    },
  );

  routes.get(
    '/admin/products/:id/stock-movements',
    {
      config: { permission: 'catalog.read' },
      schema: {
        tags,
        summary: "A product's stock history, newest first, a page at a time",
        description:
          'Every move of the product\'s stock (docs/decisions/054): its change (units added or ' +
          'removed), the level after it, its reason (`reason`: order_placed, order_released, ' +
          'order_retaken, refund_restock, created, edit, import, bulk_edit, opening; ' +
          "`reason_label` in the request's language), the staff member who made it (their current " +
          'name; null for the shop itself or a shopper) and the order that made it (null once ' +
          'deleted). 25 a page by default.',
        params: productIdParamsSchema,
        querystring: stockMovementsQuerySchema,
        response: { 200: stockMovementsResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.stockMovements(request.params.id, request.query, request.lang)),
    }),
  );

  routes.put(
    '/products/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Save a product (multipart with `images`, or JSON)',
        description:
          'The fields of POST /products; left-out optional fields keep their value. ' +
          'existingImages (JSON, in display order: ids, file names or the image records GET ' +
          '/products/{id} answers) lists the images to keep (absent: all); ' +
          'image_order (JSON ["e:<id>", "n:<index>", …]) orders kept and new images; ' +
          'attribute_variations, when sent, replaces the set.',
        params: productIdParamsSchema,
        response: { 200: adminProductResponseSchema, ...FORM_ROUTE_FAILURES },
      },
    },
    async (request) => {
      const { fields, files } = await readFormBody(request, ['images']);
      const form = parseForm(productFormSchema, fields);
      const product = await service.updateProduct(request.params.id, form, files, actorOf(request));
      return { success: true as const, product };
    },
  );

  routes.delete(
    '/products/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete a product, its images and links (orders keep their snapshot)',
        params: productIdParamsSchema,
        response: { 200: productDeleteResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => {
      await service.deleteProduct(request.params.id, actorOf(request));
      return { success: true as const, message: apiMessage('product.deleted', request.lang) };
    },
  );

  routes.delete(
    '/products/:id/images/:imageId',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Remove one image of a product, with its files',
        params: productImageParamsSchema,
        response: { 200: productImageDeleteResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => {
      const product = await service.deleteProductImage(
        request.params.id,
        request.params.imageId,
        actorOf(request),
      );
      return {
        success: true as const,
        message: apiMessage('product.image_deleted', request.lang),
        product,
      };
    },
  );

  routes.post(
    '/products/:id/attributes',
    {
      config: WRITE,
      schema: {
        tags,
        summary: "Replace the variations a product offers, with the product's surcharges",
        params: productIdParamsSchema,
        body: productAttributesBodySchema,
        // A JSON body: too large (413) or of another content type (415) as the forms are.
        response: { 200: productAttributesSaveResponseSchema, ...FORM_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      attributes: await service.replaceProductAttributes(
        request.params.id,
        request.body,
        actorOf(request),
      ),
    }),
  );
}
