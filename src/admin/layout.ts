/** The users table needs more room than the theme's reading width. */
export const WIDE_PAGE = '72rem';
