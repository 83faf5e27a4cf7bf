/** The digital items page shortens its checkout links at POST {api host}api/shorten_url (no token). */
export const ITEM_SHORTEN_PATH = 'POST /api/shorten_url';
