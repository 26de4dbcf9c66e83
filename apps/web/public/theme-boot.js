// Runs before the first paint (a plain script in <head>: the CSP allows no inline one) so a reload
// never flashes the other theme. The rule is resolveTheme() in src/lib/theme.ts: a stored dark or
// light choice, else the device's preference.
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem('theme-storage');
  } catch {}
  const light = choice === 'light' || (choice !== 'dark' && matchMedia('(prefers-color-scheme: light)').matches);
  const theme = light ? 'light' : 'dark';
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
})();
