// The report chat without a page load; the form works without this script (a plain post, then
// the page again). The same post, marked x-svc-fragment: chat, answers with the panel alone: its
// conversation and notice are swapped in, the question box is emptied (or keeps a refused text),
// and the outcome is announced through the panel's status line. Focus stays in the question box.
document.addEventListener('submit', async (ev) => {
  const form = ev.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-chat')) return;
  ev.preventDefault();
  const panel = form.closest('section.chat');
  const box = form.querySelector('textarea');
  const button = form.querySelector('button[type="submit"]');
  const status = form.querySelector('.chat-status');
  if (!box.value.trim()) {
    box.focus();
    status.textContent = 'Type a question first.';
    return;
  }
  button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  status.textContent = 'Asking…';
  try {
    const res = await fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form)), headers: { 'x-svc-fragment': 'chat' }, credentials: 'same-origin' });
    const next = new DOMParser().parseFromString(await res.text(), 'text/html').querySelector('section.chat');
    if (!next) throw new Error(`the portal answered ${res.status}`);
    for (const sel of ['.chat-log', '.chat-notice']) panel.querySelector(sel).replaceWith(next.querySelector(sel));
    panel.querySelector('.chat-empty')?.remove();
    box.value = next.querySelector('textarea').value;
    const last = panel.querySelector('.chat-log > li.a:last-child');
    if (res.ok && last) {
      status.textContent = 'Answered.';
      const log = panel.querySelector('.chat-log');
      log.scrollTop = log.scrollHeight;
    } else status.textContent = panel.querySelector('.chat-notice').textContent.trim();
  } catch {
    form.submit();
    return;
  } finally {
    button.disabled = false;
    form.removeAttribute('aria-busy');
  }
  box.focus();
});

// A long conversation opens at its latest exchange.
for (const log of document.querySelectorAll('section.chat .chat-log')) log.scrollTop = log.scrollHeight;
