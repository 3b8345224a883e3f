// The Tom Select + flatpickr seed page of first-sight set 11: "Riverside Pottery Studio — book a workshop".
// A booking form with a searchable single select (Tom Select), a tag box with remove buttons and free entry
// (Tom Select), a date-range picker and a start-time picker (flatpickr, with a friendly alt input), page-side
// validation messages and a booking summary. Served with /tom-select/ and /flatpickr/ mounted from /opt/fs11.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Book a workshop — Riverside Pottery Studio</title>
<link rel="stylesheet" href="/tom-select/css/tom-select.default.css">
<link rel="stylesheet" href="/flatpickr/flatpickr.min.css">
<style>
  body { font-family: sans-serif; margin: 24px auto; max-width: 760px; color: #222; }
  header { border-bottom: 2px solid #b5651d; margin-bottom: 16px; }
  h1 { color: #b5651d; margin: 0 0 4px; }
  .field { margin: 14px 0; }
  .field > label { display: block; font-weight: bold; margin-bottom: 4px; }
  .hint { color: #666; font-size: 13px; margin-top: 3px; }
  input[type=text], input[type=email] { width: 100%; box-sizing: border-box; padding: 6px; font-size: 15px; }
  .error { color: #b00020; font-size: 14px; margin-top: 4px; }
  .error:empty { display: none; }
  button { font-size: 15px; padding: 7px 16px; margin-right: 8px; }
  #summary { border: 1px solid #2e7d32; background: #f1f8e9; padding: 12px 16px; margin-top: 18px; }
  #summary[hidden] { display: none; }
  #summary dt { font-weight: bold; float: left; clear: left; width: 110px; }
  #summary dd { margin-left: 120px; margin-bottom: 4px; }
  fieldset { border: 1px solid #ccc; }
</style>
</head>
<body>
<header>
  <h1>Riverside Pottery Studio</h1>
  <p>Book a place on one of our summer workshops. Fields marked * are required.</p>
</header>
<form id="booking" novalidate>
  <div class="field">
    <label for="name">Your name *</label>
    <input type="text" id="name" name="name" autocomplete="off">
    <div class="error" id="name-error"></div>
  </div>
  <div class="field">
    <label for="email">Email *</label>
    <input type="email" id="email" name="email" autocomplete="off">
    <div class="error" id="email-error"></div>
  </div>
  <div class="field">
    <label for="workshop">Workshop *</label>
    <select id="workshop" name="workshop" placeholder="Start typing a workshop…">
      <option value="">Start typing a workshop…</option>
      <optgroup label="Adults">
        <option value="wheel" data-price="65">Wheel throwing for beginners</option>
        <option value="handbuild" data-price="45">Hand-building: pinch and coil pots</option>
        <option value="glaze" data-price="80">Glazing masterclass</option>
        <option value="raku" data-price="95">Raku firing evening</option>
      </optgroup>
      <optgroup label="Families">
        <option value="kids" data-price="25">Kids' clay club</option>
        <option value="family" data-price="55">Family mug-making morning</option>
      </optgroup>
    </select>
    <div class="hint" id="workshop-price">Prices are per person per day.</div>
    <div class="error" id="workshop-error"></div>
  </div>
  <div class="field">
    <label for="dates">Workshop dates *</label>
    <input type="text" id="dates" name="dates" placeholder="Choose the first and last day">
    <div class="hint">Open Tuesday to Sunday, May to September 2027.</div>
    <div class="error" id="dates-error"></div>
  </div>
  <div class="field">
    <label for="start">Preferred start time</label>
    <input type="text" id="start" name="start" placeholder="Pick a time">
  </div>
  <div class="field">
    <label for="interests">What would you like to make?</label>
    <select id="interests" name="interests" multiple placeholder="Add up to 4 things…">
      <option value="Mugs" selected>Mugs</option>
      <option value="Bowls">Bowls</option>
      <option value="Plates">Plates</option>
      <option value="Vases">Vases</option>
      <option value="Planters">Planters</option>
      <option value="Tiles" selected>Tiles</option>
      <option value="Sculpture">Sculpture</option>
    </select>
    <div class="hint">Pick from the list or type your own idea and press Enter.</div>
  </div>
  <fieldset>
    <legend>Extras</legend>
    <label><input type="checkbox" id="apron" name="apron"> Borrow an apron (free)</label><br>
    <label><input type="checkbox" id="firing" name="firing"> Fire and post my pieces (£12)</label>
  </fieldset>
  <p>
    <button type="submit" id="book">Book my place</button>
    <button type="button" id="start-again">Start again</button>
  </p>
</form>
<section id="summary" hidden aria-live="polite">
  <h2>Booking summary</h2>
  <dl>
    <dt>Name</dt><dd id="s-name"></dd>
    <dt>Workshop</dt><dd id="s-workshop"></dd>
    <dt>Dates</dt><dd id="s-dates"></dd>
    <dt>Start time</dt><dd id="s-start"></dd>
    <dt>Making</dt><dd id="s-interests"></dd>
    <dt>Total</dt><dd id="s-total"></dd>
  </dl>
</section>
<script src="/tom-select/js/tom-select.complete.min.js"></script>
<script src="/flatpickr/flatpickr.min.js"></script>
<script>
  const $ = (id) => document.getElementById(id);
  const workshop = new TomSelect('#workshop', { maxOptions: 50, allowEmptyOption: false, create: false });
  const interests = new TomSelect('#interests', { plugins: ['remove_button'], create: true, maxItems: 4, persist: false });
  const dates = flatpickr('#dates', { mode: 'range', altInput: true, altFormat: 'j M Y', dateFormat: 'Y-m-d',
    minDate: '2027-05-04', maxDate: '2027-09-26', now: '2027-04-20',
    disable: [(d) => d.getDay() === 1], locale: { firstDayOfWeek: 1, rangeSeparator: ' to ' } });
  const start = flatpickr('#start', { enableTime: true, noCalendar: true, dateFormat: 'H:i', time_24hr: true,
    minTime: '09:00', maxTime: '16:00', minuteIncrement: 30, defaultDate: '10:00' });
  const price = () => { const o = workshop.options[workshop.getValue()]; return o ? Number(o.$option?.dataset.price ?? 0) : 0; };
  workshop.on('change', () => {
    $('workshop-price').textContent = workshop.getValue() ? 'This workshop costs £' + price() + ' per person per day.' : 'Prices are per person per day.';
    $('workshop-error').textContent = '';
  });
  const fmt = (d) => d.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });
  $('booking').addEventListener('submit', (e) => {
    e.preventDefault();
    let ok = true;
    const set = (id, msg) => { $(id).textContent = msg; if (msg) ok = false; };
    const name = $('name').value.trim();
    const email = $('email').value.trim();
    set('name-error', name ? '' : 'Please tell us your name.');
    set('email-error', !email ? 'Please give an email address.' : /^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test(email) ? '' : 'That email address does not look right.');
    set('workshop-error', workshop.getValue() ? '' : 'Please choose a workshop.');
    const sel = dates.selectedDates;
    set('dates-error', sel.length === 0 ? 'Please choose your dates.' : sel.length === 1 ? 'Please choose the last day as well.' : '');
    if (!ok) { $('summary').hidden = true; return; }
    const days = Math.round((sel[1] - sel[0]) / 86400000) + 1;
    const total = price() * days + ($('firing').checked ? 12 : 0);
    $('s-name').textContent = name + ' <' + email + '>';
    $('s-workshop').textContent = workshop.getItem(workshop.getValue()).textContent;
    $('s-dates').textContent = fmt(sel[0]) + ' – ' + fmt(sel[1]) + ' (' + days + (days === 1 ? ' day)' : ' days)');
    $('s-start').textContent = $('start').value || 'No preference';
    const made = interests.getValue();
    $('s-interests').textContent = made.length ? made.join(', ') : 'Nothing chosen';
    $('s-total').textContent = '£' + total + ($('apron').checked ? ' (apron included)' : '');
    $('summary').hidden = false;
  });
  $("start-again").addEventListener('click', () => {
    $('booking').reset();
    workshop.clear(); interests.clear(); dates.clear(); start.setDate('10:00');
    for (const el of document.querySelectorAll('.error')) el.textContent = '';
    $('workshop-price').textContent = 'Prices are per person per day.';
    $('summary').hidden = true;
  });
  document.body.dataset.loaded = 'yes';
</script>
</body>
</html>
`;

export const TOMSELECT_SITE = { 'index.html': PAGE };
