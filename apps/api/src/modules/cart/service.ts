import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  CART_LINE_MAX_QUANTITY,
  fromThousandths,
  isInStock,
  normalizePromoCode,
  type CartItem,
  type CartPromo,
  type CartSummary,
  type RemovedCartItem,
  type ReorderLineOutcome,
  type Thousandths,
} from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { cartItems, carts, serverSecrets } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isCartToken } from '../../lib/signed-cookies.js';
import { type PricedLine, type PricingService, productNames } from '../catalog/index.js';
import type { PromoCustomer, PromotionsService } from '../promotions/index.js';

/** Whose cart: a guest's, by the token of the signed cookie (none yet: undefined), or a user's. */
export type CartOwner =
  { kind: 'guest'; token: string | undefined } | { kind: 'user'; userId: number };

export interface CartView {
  items: CartItem[];
  summary: CartSummary;
  /** Lines this read dropped because they can no longer be bought. */
  removed_items: RemovedCartItem[];
  /** The applied promo code, valid for the current subtotal, or null. */
  promo: CartPromo | null;
  /**
   * The code this read took out of the cart because it no longer applies, with the refusal
   * (a VALIDATION_ERROR on `code`) the routes put in the shopper's language.
   */
  promo_notice: { code: string; refusal: AppError } | null;
}

export interface CartLineInput {
  product_id: number;
  quantity: number;
  /** Attribute id → variation id. */
  selected: Record<string, number>;
}

const COOKIE_SECRET_NAME = 'cookie_secret';
const TOKEN_BYTES = 32;

/** A new random guest cart token (base64url). */
export function newCartToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** True for a string shaped like a token this server hands out. */
export { isCartToken };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The canonical text of a set of choices: "attribute:variation" pairs sorted by attribute id. */
export function selectionKey(selected: Readonly<Record<string, number>>): string {
  return Object.entries(selected)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([attribute, variation]) => `${attribute}:${variation}`)
    .join(',');
}

function ownerCondition(owner: CartOwner): SQL | undefined {
  if (owner.kind === 'user') return eq(carts.user_id, owner.userId);
  return owner.token === undefined ? undefined : eq(carts.token_hash, hashToken(owner.token));
}

const emptyCart = (): CartView => ({
  items: [],
  summary: { total: 0, total_items: 0 },
  removed_items: [],
  promo: null,
  promo_notice: null,
});

/** Who the cart's code is checked for: a signed-in owner's earlier orders count (once per customer). */
function promoCustomer(owner: CartOwner): PromoCustomer {
  return { userId: owner.kind === 'user' ? owner.userId : null };
}

/** A promo refusal (VALIDATION_ERROR), as opposed to a failure of the server. */
function isPromoRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.code === 'VALIDATION_ERROR';
}

/** Refuses a quantity of a product above its stock when the product's stock is managed. */
function ensureStock(line: PricedLine, wanted: number): void {
  if (!line.manage_stock) return;
  if (!isInStock(line)) throw new AppError('OUT_OF_STOCK', 'error.out_of_stock');
  if (wanted > line.stock_quantity) throw new AppError('OUT_OF_STOCK', 'error.stock_not_enough');
}

function ensureLineLimit(quantity: number): void {
  if (quantity > CART_LINE_MAX_QUANTITY) {
    throw AppError.validation([{ field: 'quantity', message: 'validation.quantity_invalid' }]);
  }
}

export interface CartServiceOptions {
  catalog: PricingService;
  /** Checks the cart's promo code (the same rule as the validate route and the order). */
  promotions: Pick<PromotionsService, 'validatePromoCode'>;
  /** Configured cookie-signing key; without one a generated key is kept in the database. */
  sessionSecret: string | undefined;
}

export function createCartService(db: Database, options: CartServiceOptions) {
  const { catalog, promotions } = options;

  async function findCartId(executor: Executor, owner: CartOwner): Promise<number | undefined> {
    const condition = ownerCondition(owner);
    if (!condition) return undefined;
    const [row] = await executor.select({ id: carts.id }).from(carts).where(condition);
    return row?.id;
  }

  /**
   * The owner's cart, created when missing, locked until the transaction ends: every change to
   * one cart's lines runs one after the other, so stock checks see the quantities they guard.
   */
  async function lockCart(executor: Executor, owner: CartOwner): Promise<number> {
    const touch = { updated_at: sql`now()` };
    let rows: Array<{ id: number }>;
    if (owner.kind === 'user') {
      rows = await executor
        .insert(carts)
        .values({ user_id: owner.userId })
        .onConflictDoUpdate({ target: carts.user_id, set: touch })
        .returning({ id: carts.id });
    } else {
      if (owner.token === undefined) throw new Error('A guest cart needs a token to be created');
      rows = await executor
        .insert(carts)
        .values({ token_hash: hashToken(owner.token) })
        .onConflictDoUpdate({ target: carts.token_hash, set: touch })
        .returning({ id: carts.id });
    }
    return rows[0]!.id;
  }

  /** Quantity of a product over the cart's lines, optionally leaving one line out. */
  async function productQuantity(
    executor: Executor,
    cartId: number,
    productId: number,
    exceptLineId?: number,
  ): Promise<number> {
    const [row] = await executor
      .select({ quantity: sql<number>`coalesce(sum(${cartItems.quantity}), 0)`.mapWith(Number) })
      .from(cartItems)
      .where(
        and(
          eq(cartItems.cart_id, cartId),
          eq(cartItems.product_id, productId),
          exceptLineId === undefined ? undefined : ne(cartItems.id, exceptLineId),
        ),
      );
    return row?.quantity ?? 0;
  }

  function linesOf(cartId: number) {
    return db
      .select({
        id: cartItems.id,
        product_id: cartItems.product_id,
        quantity: cartItems.quantity,
        selected: cartItems.selected,
      })
      .from(cartItems)
      .where(eq(cartItems.cart_id, cartId))
      .orderBy(asc(cartItems.created_at), asc(cartItems.id));
  }

  /**
   * Deletes lines that can no longer be bought and names the ones this call deleted (a line
   * another request deleted first is not reported twice), one entry per product.
   */
  async function dropLines(lineIds: number[]): Promise<RemovedCartItem[]> {
    if (lineIds.length === 0) return [];
    const deleted = await db
      .delete(cartItems)
      .where(inArray(cartItems.id, lineIds))
      .returning({ product_id: cartItems.product_id });
    const names = await productNames(db, deleted.map((line) => line.product_id));
    const removed = new Map<number, RemovedCartItem>();
    for (const { product_id } of deleted) {
      const product = names.get(product_id);
      if (!product || removed.has(product_id)) continue;
      removed.set(product_id, {
        product_id,
        name: product.name,
        name_en: product.name_en,
        // A published product lost the option chosen (value deleted or no longer offered).
        reason: product.published ? 'option_unavailable' : 'product_unavailable',
      });
    }
    return [...removed.values()];
  }

  /**
   * The cart re-priced from the catalogue; lines that can no longer be bought are deleted and
   * listed in removed_items, so the shopper is told once.
   */
  async function present(cartId: number | undefined, owner: CartOwner): Promise<CartView> {
    if (cartId === undefined) return emptyCart();
    const lines = await linesOf(cartId);
    // An emptied cart keeps its code for the next lines; only clearing the cart forgets it.
    if (lines.length === 0) return emptyCart();
    const priced = await catalog.repriceLines(lines);
    const stale: number[] = [];
    const items: CartItem[] = [];
    let total = 0;
    let totalItems = 0;
    lines.forEach((line, index) => {
      const price = priced[index];
      if (!price) {
        stale.push(line.id);
        return;
      }
      const lineTotal = price.unit_price * line.quantity;
      total += lineTotal;
      totalItems += line.quantity;
      items.push({
        id: line.id,
        product_id: line.product_id,
        name: price.name,
        name_en: price.name_en,
        short_description: price.short_description,
        featured_image: price.featured_image,
        display_price: fromThousandths(price.unit_price),
        quantity: line.quantity,
        line_total: fromThousandths(lineTotal),
        stock_quantity: price.stock_quantity,
        manage_stock: price.manage_stock,
        in_stock: price.in_stock,
        selected_attributes: Object.fromEntries(
          Object.entries(price.selected_attributes).map(([key, choice]) => [
            key,
            { ...choice, additional_price: fromThousandths(choice.additional_price) },
          ]),
        ),
      });
    });
    const removed = await dropLines(stale);
    const { promo, notice } = await checkPromo(cartId, total, owner);
    return {
      items,
      summary: { total: fromThousandths(total), total_items: totalItems },
      removed_items: removed,
      promo,
      promo_notice: notice,
    };
  }

  async function storedPromoCode(executor: Executor, cartId: number): Promise<string | null> {
    const [row] = await executor
      .select({ promo_code: carts.promo_code })
      .from(carts)
      .where(eq(carts.id, cartId));
    return row?.promo_code ?? null;
  }

  /**
   * The cart's code checked again for the current subtotal (thousandths). A code that no longer
   * applies is taken out of the cart (unless another request changed it meanwhile) and reported.
   */
  async function checkPromo(
    cartId: number,
    subtotal: Thousandths,
    owner: CartOwner,
  ): Promise<{ promo: CartPromo | null; notice: CartView['promo_notice'] }> {
    const code = await storedPromoCode(db, cartId);
    if (code === null) return { promo: null, notice: null };
    try {
      const result = await promotions.validatePromoCode(code, subtotal, new Date(), promoCustomer(owner));
      return {
        promo: {
          code: result.code,
          discount: fromThousandths(result.discount),
          discount_type: result.discount_type,
          discount_value:
            result.discount_type === 'percentage'
              ? result.discount_value
              : fromThousandths(result.discount_value),
          once_per_customer: result.once_per_customer,
        },
        notice: null,
      };
    } catch (error) {
      if (!isPromoRefusal(error)) throw error;
      const dropped = await db
        .update(carts)
        .set({ promo_code: null })
        .where(and(eq(carts.id, cartId), eq(carts.promo_code, code)))
        .returning({ id: carts.id });
      return { promo: null, notice: dropped.length > 0 ? { code, refusal: error } : null };
    }
  }

  async function view(owner: CartOwner): Promise<CartView> {
    return present(await findCartId(db, owner), owner);
  }

  /** Sum of the line totals now (thousandths), of the lines that can still be bought. */
  async function subtotalOf(cartId: number): Promise<Thousandths> {
    const lines = await linesOf(cartId);
    const priced = await catalog.repriceLines(lines);
    return lines.reduce(
      (sum, line, index) => sum + (priced[index] ? priced[index].unit_price * line.quantity : 0),
      0,
    );
  }

  return {
    /**
     * The key that signs the cart cookie: SESSION_SECRET, else a random key stored once in the
     * database, so every server process signs and verifies alike.
     */
    async cookieSecret(): Promise<string> {
      if (options.sessionSecret) return options.sessionSecret;
      await db
        .insert(serverSecrets)
        .values({ name: COOKIE_SECRET_NAME, value: randomBytes(48).toString('base64url') })
        .onConflictDoNothing({ target: serverSecrets.name });
      const [row] = await db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, COOKIE_SECRET_NAME));
      return row!.value;
    },

    /** The owner's cart, re-priced now; an owner without a cart gets an empty one (nothing is created). */
    view,

    /** A signed-in user's cart. */
    forUser(userId: number): Promise<CartView> {
      return view({ kind: 'user', userId });
    },

    /**
     * Number of pieces in the cart (sum of quantities of the lines that can still be bought).
     * A pure read: lines that can no longer be bought are left for the cart itself to drop and
     * report, so the header's count never swallows the shopper's notice.
     */
    async count(owner: CartOwner): Promise<number> {
      const cartId = await findCartId(db, owner);
      if (cartId === undefined) return 0;
      const lines = await linesOf(cartId);
      const priced = await catalog.repriceLines(lines);
      return lines.reduce((sum, line, index) => (priced[index] ? sum + line.quantity : sum), 0);
    },

    /**
     * Adds a product with its choices; the same product with the same choices joins its line.
     * The cart is created on the first add. Refuses more than the stock of the product.
     */
    async add(owner: CartOwner, input: CartLineInput) {
      const [priced] = await catalog.priceLines([input]);
      const key = selectionKey(input.selected);
      const cartId = await db.transaction(async (tx) => {
        const id = await lockCart(tx, owner);
        ensureStock(priced!, (await productQuantity(tx, id, input.product_id)) + input.quantity);
        const [line] = await tx
          .insert(cartItems)
          .values({
            cart_id: id,
            product_id: input.product_id,
            quantity: input.quantity,
            selection_key: key,
            selected: input.selected,
          })
          .onConflictDoUpdate({
            target: [cartItems.cart_id, cartItems.product_id, cartItems.selection_key],
            set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
          })
          .returning({ quantity: cartItems.quantity });
        ensureLineLimit(line!.quantity);
        return id;
      });
      return present(cartId, owner);
    },

    /**
     * Puts several lines into the cart at once, at today's prices (buying an order again): each
     * line as much as there is of it (the stock less what the cart holds already, at most a cart
     * line's limit), none when its product or option can no longer be bought. Never refuses: it
     * answers what became of each line, in the order given. One transaction.
     */
    async addLines(
      owner: CartOwner,
      lines: readonly CartLineInput[],
    ): Promise<{ view: CartView; added: number[]; outcomes: ReorderLineOutcome[] }> {
      const priced = await catalog.repriceLines(lines);
      const added: number[] = lines.map(() => 0);
      const outcomes = lines.map((_, index): ReorderLineOutcome => {
        const line = priced[index];
        if (line === null || line === undefined) return 'unavailable';
        return line.manage_stock && !isInStock(line) ? 'out_of_stock' : 'added';
      });
      if (!outcomes.some((outcome) => outcome === 'added')) {
        return { view: await view(owner), added, outcomes };
      }
      const cartId = await db.transaction(async (tx) => {
        const id = await lockCart(tx, owner);
        for (const [index, input] of lines.entries()) {
          const line = priced[index];
          if (!line || outcomes[index] !== 'added') continue;
          const key = selectionKey(input.selected);
          const [existing] = await tx
            .select({ quantity: cartItems.quantity })
            .from(cartItems)
            .where(
              and(
                eq(cartItems.cart_id, id),
                eq(cartItems.product_id, input.product_id),
                eq(cartItems.selection_key, key),
              ),
            );
          const inLine = existing?.quantity ?? 0;
          const stockLeft = line.manage_stock
            ? line.stock_quantity - (await productQuantity(tx, id, input.product_id))
            : Number.POSITIVE_INFINITY;
          const quantity = Math.max(0, Math.min(input.quantity, stockLeft, CART_LINE_MAX_QUANTITY - inLine));
          if (quantity === 0) {
            outcomes[index] = line.manage_stock && stockLeft <= 0 ? 'out_of_stock' : 'reduced';
            continue;
          }
          if (quantity < input.quantity) outcomes[index] = 'reduced';
          added[index] = quantity;
          await tx
            .insert(cartItems)
            .values({ cart_id: id, product_id: input.product_id, quantity, selection_key: key, selected: input.selected })
            .onConflictDoUpdate({
              target: [cartItems.cart_id, cartItems.product_id, cartItems.selection_key],
              set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
            });
        }
        return id;
      });
      return { view: await present(cartId, owner), added, outcomes };
    },

    /** Sets a line's quantity; an increase beyond the product's stock is refused. */
    async updateQuantity(owner: CartOwner, lineId: number, quantity: number): Promise<CartView> {
      const cartId = await findCartId(db, owner);
      if (cartId === undefined) throw AppError.notFound('error.cart_item_not_found');
      const [line] = await db
        .select({ product_id: cartItems.product_id, selected: cartItems.selected })
        .from(cartItems)
        .where(and(eq(cartItems.id, lineId), eq(cartItems.cart_id, cartId)));
      if (!line) throw AppError.notFound('error.cart_item_not_found');
      const [priced] = await catalog.priceLines([{ ...line, quantity }]);
      await db.transaction(async (tx) => {
        await lockCart(tx, owner);
        const [current] = await tx
          .select({ quantity: cartItems.quantity })
          .from(cartItems)
          .where(and(eq(cartItems.id, lineId), eq(cartItems.cart_id, cartId)));
        if (!current) throw AppError.notFound('error.cart_item_not_found');
        // Lowering a quantity is always allowed, even when the stock fell below it meanwhile.
        if (quantity > current.quantity) {
          ensureStock(
            priced!,
            (await productQuantity(tx, cartId, line.product_id, lineId)) + quantity,
          );
        }
        await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, lineId));
      });
      return present(cartId, owner);
    },

    /** Removes one line of the owner's cart; NOT_FOUND when the line is not in it. */
    async removeLine(owner: CartOwner, lineId: number): Promise<CartView> {
      const cartId = await findCartId(db, owner);
      const removed =
        cartId === undefined
          ? []
          : await db
              .delete(cartItems)
              .where(and(eq(cartItems.id, lineId), eq(cartItems.cart_id, cartId)))
              .returning({ id: cartItems.id });
      if (removed.length === 0) throw AppError.notFound('error.cart_item_not_found');
      // A change like any other: the cart's reminder waits for it to sit untouched again.
      await db.update(carts).set({ updated_at: sql`now()` }).where(eq(carts.id, cartId!));
      return present(cartId, owner);
    },

    /**
     * Empties the owner's cart and forgets its promo code (clearing, or the order placed); pass
     * the caller's transaction to empty it inside it.
     */
    async clear(owner: CartOwner, executor: Executor = db): Promise<CartView> {
      const cartId = await findCartId(executor, owner);
      if (cartId !== undefined) {
        await executor.delete(cartItems).where(eq(cartItems.cart_id, cartId));
        await executor.update(carts).set({ promo_code: null }).where(eq(carts.id, cartId));
      }
      return emptyCart();
    },

    /**
     * Keeps a promo code with the owner's cart after checking it against the cart's subtotal now
     * (the promotions rule: a refusal is a VALIDATION_ERROR on `code`). An empty cart (or none)
     * takes no code: ORDER's cart_empty refusal, on `code`.
     */
    async setPromoCode(owner: CartOwner, code: string): Promise<CartView> {
      const cartId = await findCartId(db, owner);
      const subtotal = cartId === undefined ? 0 : await subtotalOf(cartId);
      if (cartId === undefined || subtotal <= 0) {
        throw new AppError('VALIDATION_ERROR', 'order.cart_empty', [
          { field: 'code', message: 'order.cart_empty' },
        ]);
      }
      const result = await promotions.validatePromoCode(
        normalizePromoCode(code),
        subtotal,
        new Date(),
        promoCustomer(owner),
      );
      await db.update(carts).set({ promo_code: result.code }).where(eq(carts.id, cartId));
      return present(cartId, owner);
    },

    /** Takes the promo code out of the owner's cart (nothing to do when there is none). */
    async removePromoCode(owner: CartOwner): Promise<CartView> {
      const cartId = await findCartId(db, owner);
      if (cartId !== undefined) {
        await db.update(carts).set({ promo_code: null }).where(eq(carts.id, cartId));
      }
      return present(cartId, owner);
    },

    /**
     * The code kept with the owner's cart as stored, unchecked (the order checks and uses it up),
     * or null.
     */
    async promoCode(owner: CartOwner): Promise<string | null> {
      const cartId = await findCartId(db, owner);
      return cartId === undefined ? null : storedPromoCode(db, cartId);
    },

    /** The id of the guest cart behind a cookie token, if it exists. */
    guestCartId(token: string): Promise<number | undefined> {
      return findCartId(db, { kind: 'guest', token });
    },

    /**
     * Moves a guest cart into a user's cart (at login or registration): quantities of equal
     * lines are added, each product capped at its stock; the guest cart is deleted. The guest's
     * promo code goes with it when the user's cart has none (the user's own code is kept).
     */
    async mergeCarts(guestCartId: number, userId: number): Promise<void> {
      const guestLines = await linesOf(guestCartId);
      const priced = await catalog.repriceLines(guestLines);
      await db.transaction(async (tx) => {
        const userCartId = await lockCart(tx, { kind: 'user', userId });
        if (userCartId === guestCartId) return;
        const guestCode = await storedPromoCode(tx, guestCartId);
        if (guestCode !== null) {
          await tx
            .update(carts)
            .set({ promo_code: guestCode })
            .where(and(eq(carts.id, userCartId), isNull(carts.promo_code)));
        }
        const existing = await tx
          .select({
            product_id: cartItems.product_id,
            selection_key: cartItems.selection_key,
            quantity: cartItems.quantity,
          })
          .from(cartItems)
          .where(eq(cartItems.cart_id, userCartId));
        const productTotals = new Map<number, number>();
        const lineQuantities = new Map<string, number>();
        for (const row of existing) {
          productTotals.set(
            row.product_id,
            (productTotals.get(row.product_id) ?? 0) + row.quantity,
          );
          lineQuantities.set(`${row.product_id}|${row.selection_key}`, row.quantity);
        }
        for (const [index, line] of guestLines.entries()) {
          const price = priced[index];
          if (!price) continue;
          const key = selectionKey(line.selected);
          const inProduct = productTotals.get(line.product_id) ?? 0;
          const inLine = lineQuantities.get(`${line.product_id}|${key}`) ?? 0;
          const quantity = Math.min(
            line.quantity,
            CART_LINE_MAX_QUANTITY - inLine,
            price.manage_stock ? price.stock_quantity - inProduct : Number.POSITIVE_INFINITY,
          );
          if (quantity <= 0) continue;
          await tx
            .insert(cartItems)
            .values({
              cart_id: userCartId,
              product_id: line.product_id,
              quantity,
              selection_key: key,
              selected: line.selected,
            })
            .onConflictDoUpdate({
              target: [cartItems.cart_id, cartItems.product_id, cartItems.selection_key],
              set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
            });
          productTotals.set(line.product_id, inProduct + quantity);
          lineQuantities.set(`${line.product_id}|${key}`, inLine + quantity);
        }
        await tx.delete(carts).where(eq(carts.id, guestCartId));
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
