/**
 * What Swagger UI at /docs needs on top of its own styles to pass axe (decision 038), served by
 * @fastify/swagger-ui as theme files of the reference page.
 */

/**
 * Colours: Swagger UI's method labels, version stamp, links, Authorize button and parameter notes are under 4.5:1
 * against their background; these are the same hues darkened until they reach it. The servers picker is hidden: the
 * document names one server (PUBLIC_URL), so it offers no choice, and Swagger UI renders it without a name a screen
 * reader could read (select-name). "Try it out" still sends to that server.
 */
export const REFERENCE_CSS = `
.swagger-ui .scheme-container .schemes > .schemes-server-container { display: none; }
.swagger-ui .scheme-container .schemes { justify-content: flex-end; }
.swagger-ui .info .title small.version-stamp { background-color: #4d7c0f; }
.swagger-ui .info a.link .url, .swagger-ui .info .url, .swagger-ui a.nostyle .url, .swagger-ui .info__license__url .link { color: #1565c0; }
.swagger-ui .btn.authorize { border-color: #1c7c54; color: #1c7c54; }
.swagger-ui .btn.authorize svg { fill: #1c7c54; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1565c0; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1c7c54; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #b45309; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c62828; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f766e; }
.swagger-ui .parameter__in, .swagger-ui .parameter__deprecated, .swagger-ui .prop-format { color: #595959; }
`;

/**
 * The rendered reference is the page's main content: one landmark holding all of it. What Swagger UI renders, and
 * renders again, gets what it leaves out: it titles the page h1 and each group of operations and the Authorize
 * dialog h3 (heading-order), so these are announced as level 2 and the headings within them as level 3; and
 * the dialog's close button, an icon alone, gets its name (button-name); an example too long for its box scrolls, so it
 * takes the keyboard's focus to be scrolled without a mouse (scrollable-region-focusable); and the dialog's Authorize
 * and Logout buttons lose the names that hide their visible text ('Apply credentials', 'Remove authorization':
 * label-content-name-mismatch), so they are named by what they show.
 */
export const REFERENCE_JS = `const root = document.getElementById('swagger-ui');
root.setAttribute('role', 'main');
const attributes = [
  ['h3.opblock-tag, .modal-ux-header h3', 'aria-level', '2'],
  ['.opblock-tag-section h4, .models h4, .modal-ux-content h4', 'aria-level', '3'],
  ['.modal-ux-header button.close-modal', 'aria-label', 'Close'],
  ['.highlight-code > .microlight', 'tabindex', '0'],
];
new MutationObserver(() => {
  for (const [selector, name, value] of attributes) {
    for (const element of root.querySelectorAll(selector)) {
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
  }
  for (const button of root.querySelectorAll('.auth-btn-wrapper button[aria-label]')) button.removeAttribute('aria-label');
}).observe(root, { childList: true, subtree: true });
`;
