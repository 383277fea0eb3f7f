/** Browser storage key of the session `{token, _id, role}` (docs/product.md#session). */
export const SESSION_STORAGE_KEY = 'sendero.session';
