// Applies the saved Lectern theme before the first paint, so dark mode never flashes light.
(function () {
  try {
    if (window.localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
  } catch (_) {
    // Storage can be blocked; the default light theme applies.
  }
})();
