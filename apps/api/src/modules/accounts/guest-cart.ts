import type { FastifyReply, FastifyRequest } from 'fastify';
import { cartCookieToken, clearCartCookie } from '../cart/index.js';
import { adoptGuestWishlist } from '../wishlist/index.js';

/**
 * At login or registration (any sign-in): moves the guest cart of the request's cookie into the
 * user's cart, capped at stock, and the guest's wishlist into the account's (docs/decisions/062),
 * and drops both guest cookies.
 */
export async function adoptGuestCartAndWishlist(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const { cart } = request.server.services;
  const token = cartCookieToken(request);
  if (token !== undefined) {
    const guestCartId = await cart.guestCartId(token);
    if (guestCartId !== undefined) await cart.mergeCarts(guestCartId, userId);
  }
  clearCartCookie(request, reply);
  await adoptGuestWishlist(request, reply, userId);
}
