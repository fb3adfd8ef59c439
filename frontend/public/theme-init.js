// Applies the saved Lectern theme before the first paint, so dark mode never flashes light. It also marks the
// home path: index.html carries the prerendered landing page, shown only there (see index.css).
(function () {
  if (window.location.pathname === '/') document.documentElement.classList.add('route-home');
  try {
    if (window.localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
  } catch (_) {
    // Storage can be blocked; the default light theme applies.
  }
})();
