/** The migrated database every test file clones. */
export const TEMPLATE_DATABASE = 'scroll_template';
