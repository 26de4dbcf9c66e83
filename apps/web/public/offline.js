// The offline page the service worker shows when a page cannot be fetched. It speaks the language
// the app was last shown in, else the first of the browser's languages the app has (the app's
// own catalogues are JavaScript the network may not have delivered yet, so the words are here).
(() => {
  const words = {
    en: ['You are offline', 'Bourse needs a connection to show prices and your accounts. This page reloads by itself when the connection is back.', 'Try again'],
    fr: ['Vous êtes hors ligne', "Bourse a besoin d'une connexion pour afficher les prix et vos comptes. Cette page se recharge d'elle-même au retour de la connexion.", 'Réessayer'],
    de: ['Sie sind offline', 'Bourse braucht eine Verbindung, um Kurse und Ihre Konten anzuzeigen. Diese Seite lädt sich neu, sobald die Verbindung wieder da ist.', 'Erneut versuchen'],
    es: ['Estás sin conexión', 'Bourse necesita conexión para mostrar los precios y tus cuentas. Esta página se recargará sola cuando vuelva la conexión.', 'Reintentar'],
    pt: ['Você está offline', 'A Bourse precisa de conexão para mostrar os preços e as suas contas. Esta página recarrega sozinha quando a conexão voltar.', 'Tentar novamente'],
    ar: ['أنت غير متصل بالإنترنت', 'يحتاج Bourse إلى اتصال لعرض الأسعار وحساباتك. ستُعاد تحميل هذه الصفحة تلقائيًا عند عودة الاتصال.', 'أعد المحاولة'],
  };
  let stored = null;
  try {
    stored = localStorage.getItem('language-storage');
  } catch {}
  const wanted = [stored, ...(navigator.languages ?? [navigator.language])].filter(Boolean).map((tag) => tag.slice(0, 2).toLowerCase());
  const language = wanted.find((code) => code in words) ?? 'en';
  const [title, text, retry] = words[language];
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  document.title = `${title} · Bourse`;
  document.getElementById('title').textContent = title;
  document.getElementById('text').textContent = text;
  document.getElementById('retry').textContent = retry;
  document.getElementById('retry').addEventListener('click', () => location.reload());
  // The 'online' event can come before requests get through, and never comes when the server was
  // the one out of reach: the page asks the server (the site's public settings, HEAD: no body; the
  // service worker leaves /api to the network) and reloads once it answers.
  const reloadWhenBack = () =>
    fetch('/api/v1/settings', { method: 'HEAD', cache: 'no-store' })
      .then((response) => response.ok && location.reload())
      .catch(() => {});
  window.addEventListener('online', reloadWhenBack);
  setInterval(reloadWhenBack, 3000);
})();
