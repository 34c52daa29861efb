/*
 * Frame break-out (spec section 2). The CSP allows no inline script, so this lives in its own file,
 * loaded synchronously in <head> before the app bundle.
 * - Top-level page: mark <html> so the stylesheet reveals the body.
 * - Framed page: send the top window to this page. If the browser refuses (a cross-origin parent
 *   without a user gesture, or a sandbox), the body simply stays hidden.
 */
(function () {
  'use strict';
  var root = document.documentElement;
  var framed;
  try {
    framed = window.top !== window.self;
  } catch (error) {
    framed = true;
  }
  if (!framed) {
    root.classList.add('is-top-level');
    return;
  }
  try {
    window.top.location = window.location.href;
  } catch (error) {
    // Navigation refused; nothing is shown inside the frame.
  }
})();
