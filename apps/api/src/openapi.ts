import { categorySchema } from '@shop/shared';
import { z } from 'zod';

/**
 * Schemas the OpenAPI document (/api/docs/json) names as components. A recursive schema must be
 * here: inline, its self-reference would point at a component nobody defined.
 */
export const openApiSchemas = z.registry<{ id: string }>();
openApiSchemas.add(categorySchema, { id: 'Category' });
