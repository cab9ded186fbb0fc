import type { FastifyReply, FastifyRequest } from 'fastify';
import { cartCookieToken, clearCartCookie } from '../cart/index.js';

/**
 * At login or registration (any sign-in): moves the guest cart of the request's cookie into the
 * user's cart, capped at stock, and drops the guest cookie.
 */
export async function adoptGuestCart(
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
}
