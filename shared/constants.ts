/** Business constants and limits of SPEC section 9, shared by client and server. */
export const PRODUCT_NAME = 'Scroll Library';
export const THEME_COLOR = '#0A75E3';
export const ICON_SIZES = [144, 152, 192] as const;

export const ISBN_MIN_LENGTH = 10;
export const ISBN_MAX_LENGTH = 13;
export const LIBRARY_NAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 8;
export const KIOSK_DISPLAY_NAME_MIN_LENGTH = 2;
/** A display name's most characters, wherever it is given. */
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const KIOSK_PHONE_MIN_DIGITS = 10;
export const KIOSK_PHONE_MAX_CHARS = 15;
/** The most digits a phone number has (E.164). */
export const PHONE_MAX_DIGITS = 15;
export const REVIEW_TEXT_MAX_LENGTH = 5000;
/** A book's title's and author's most characters. */
export const BOOK_NAME_MAX_LENGTH = 500;
/** The longest text a list's search takes. */
export const SEARCH_MAX_LENGTH = 200;
/** The most calls one /trpc request may carry; the client's link sends a larger batch as several requests. */
export const TRPC_MAX_BATCH = 20;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const DEFAULT_BOOK_QUANTITY = 1;
export const MIN_QUANTITY_IN_INTERFACE = 1;
/** The most copies of one book a library holds, however they were added. */
export const MAX_BOOK_QUANTITY = 100_000;

export const OAUTH_POPUP_WIDTH = 500;
export const OAUTH_POPUP_HEIGHT = 600;
export const OAUTH_POPUP_TIMEOUT_MS = 300_000;
export const OAUTH_POPUP_CLOSED_CHECK_MS = 1_000;

export const POST_LOGIN_REDIRECT_MS = 200;
export const SEARCH_DEBOUNCE_MS = 300;
export const KIOSK_RENTING_INDICATOR_MS = 1_000;
export const INSTALL_RESULT_TOAST_DELAY_MS = 500;
export const ADD_BOOK_DIALOG_RESET_MS = 300;
export const CAMERA_CLEANUP_DELAY_MS = 5_000;
export const CAMERA_START_RETRY_MS = 100;
export const SCANNER_DECODE_INTERVAL_MS = 500;
export const DATA_STALE_TIME_MS = 5 * 60_000;

export const KIOSK_INACTIVITY_MS = 120_000;
export const KIOSK_INACTIVITY_WARNING_MS = 20_000;

export const WELCOME_BANNER_DISMISSED_KEY = 'scroll-library.welcome-banner-dismissed';

export const ROLES = ['user', 'admin', 'library_admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];
