// A page showing something still running reloads the moment it has finished: it holds a request
// to the portal's wait URL (answered once the run is done, or after 25 s), and reloads every 5 s
// meanwhile to show progress. Without scripts, the page's <noscript> refresh does the same every 2 s.
const waitUrl = document.querySelector('[data-wait]')?.getAttribute('data-wait');
if (waitUrl) {
  const reload = () => location.reload();
  setTimeout(reload, 5000);
  fetch(waitUrl, { credentials: 'same-origin' }).then((r) => r.ok && reload(), () => undefined);
}
