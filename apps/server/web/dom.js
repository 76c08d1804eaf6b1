// Finding the page's elements by id, typed (for `tsc --checkJs`).

/**
 * An element by id, of the type asked.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} type
 * @returns {T}
 */
export function $(id, type) {
  const e = document.getElementById(id);
  if (!(e instanceof type)) throw new Error(`the page has no #${id}`);
  return e;
}
export const byId = (/** @type {string} */ id) => $(id, HTMLElement);
export const select = (/** @type {string} */ id) => $(id, HTMLSelectElement);
export const button = (/** @type {string} */ id) => $(id, HTMLButtonElement);

/**
 * An SVG element by id.
 * @param {string} id
 * @returns {SVGSVGElement}
 */
export function svgById(id) {
  const e = document.getElementById(id);
  if (!(e instanceof SVGSVGElement)) throw new Error(`the page has no svg #${id}`);
  return e;
}
