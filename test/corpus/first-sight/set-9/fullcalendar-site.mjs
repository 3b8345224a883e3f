// The FullCalendar page of set 9: FullCalendar's standard bundle (npm `fullcalendar`, served from /fullcalendar/
// by static-server.mjs) showing the room bookings of a community hall in March 2027. "Today" is pinned to
// Wednesday 10 March 2027 (the `now` option), so the page looks the same whatever the machine's date.
// Month / week / day / list / year views, drag-and-drop and resizing of bookings, a "+N more" link on busy
// days, a New booking dialog opened by selecting days or times, and a details panel opened by clicking a booking.
const ROOMS = {
  'Main hall': '#1e63b5',
  'Studio': '#2e7d32',
  'Kitchen': '#e67e22',
};

const EVENTS = [
  { id: 'e1', title: 'Toddler music', start: '2027-03-01T10:00:00', end: '2027-03-01T11:00:00', room: 'Studio' },
  { id: 'e2', title: 'Chess club', start: '2027-03-02T18:30:00', end: '2027-03-02T20:30:00', room: 'Main hall' },
  { id: 'e3', title: 'Yoga for beginners', start: '2027-03-08T09:30:00', end: '2027-03-08T10:30:00', room: 'Studio' },
  { id: 'e4', title: 'Soup kitchen', start: '2027-03-09T12:00:00', end: '2027-03-09T14:00:00', room: 'Kitchen' },
  { id: 'e5', title: 'Parish council', start: '2027-03-10T19:00:00', end: '2027-03-10T21:00:00', room: 'Main hall' },
  { id: 'e6', title: 'Yoga for beginners', start: '2027-03-11T09:30:00', end: '2027-03-11T10:30:00', room: 'Studio' },
  { id: 'e7', title: 'Craft fair setup', start: '2027-03-12', end: '2027-03-14', allDay: true, room: 'Main hall' },
  { id: 'e8', title: 'Baking class', start: '2027-03-16T14:00:00', end: '2027-03-16T16:00:00', room: 'Kitchen' },
  { id: 'e9', title: 'Tai chi', start: '2027-03-18T08:00:00', end: '2027-03-18T09:00:00', room: 'Studio' },
  { id: 'e10', title: 'Blood donor session', start: '2027-03-18T10:00:00', end: '2027-03-18T16:00:00', room: 'Main hall' },
  { id: 'e11', title: 'Lunch club', start: '2027-03-18T12:00:00', end: '2027-03-18T13:30:00', room: 'Kitchen' },
  { id: 'e12', title: 'Film night', start: '2027-03-18T19:30:00', end: '2027-03-18T22:00:00', room: 'Main hall' },
  { id: 'e13', title: 'Repair café', start: '2027-03-20T10:00:00', end: '2027-03-20T13:00:00', room: 'Studio' },
  { id: 'e14', title: 'Quiz night', start: '2027-03-26T19:00:00', end: '2027-03-26T22:30:00', room: 'Main hall' },
  { id: 'e15', title: 'Hall closed for floor sanding', start: '2027-03-29', end: '2027-04-01', allDay: true, room: 'Main hall' },
];

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Riverside Community Hall — bookings</title>
  <style>
    body { font-family: sans-serif; margin: 16px; }
    h1 { font-size: 20px; margin: 0 0 4px; }
    p.intro { margin: 0 0 10px; color: #555; }
    .legend span { display: inline-block; margin-right: 14px; }
    .legend i { display: inline-block; width: 12px; height: 12px; margin-right: 4px; vertical-align: -1px; }
    .layout { display: flex; gap: 16px; align-items: flex-start; }
    #calendar { width: 1000px; }
    #details { width: 200px; border: 1px solid #ccc; padding: 10px; min-height: 120px; }
    #details h2 { font-size: 16px; margin: 0 0 8px; }
    dialog { border: 1px solid #888; border-radius: 6px; padding: 16px; width: 320px; }
    dialog label { display: block; margin: 8px 0 2px; }
    dialog input, dialog select { width: 100%; box-sizing: border-box; }
    dialog .buttons { margin-top: 12px; text-align: right; }
    #booking-error { color: #b00020; min-height: 1em; margin-top: 6px; }
  </style>
</head>
<body>
  <h1>Riverside Community Hall — bookings</h1>
  <p class="intro">Drag a booking to move it, drag its end to make it longer. Select free time (or days) to make a new booking. Click a booking to see it.</p>
  <div class="legend">Rooms:
    ${Object.entries(ROOMS).map(([r, c]) => `<span><i style="background:${c}"></i>${r}</span>`).join('')}
  </div>
  <p id="last-change">No changes yet</p>
  <div class="layout">
    <div id="calendar"></div>
    <aside id="details"><h2>Booking details</h2><p id="details-body">Click a booking to see its details here.</p></aside>
  </div>
  <dialog id="new-booking">
    <form method="dialog" id="booking-form">
      <strong>New booking</strong>
      <div id="booking-when"></div>
      <label for="booking-title">What is it for?</label>
      <input id="booking-title" autocomplete="off">
      <label for="booking-room">Room</label>
      <select id="booking-room">${Object.keys(ROOMS).map((r) => `<option>${r}</option>`).join('')}</select>
      <div id="booking-error"></div>
      <div class="buttons"><button type="button" id="booking-cancel">Cancel</button> <button type="submit" id="booking-save">Save booking</button></div>
    </form>
  </dialog>
  <script src="/fullcalendar/index.global.min.js"></script>
  <script src="/fullcalendar-core/locales/en-gb.global.min.js"></script>
  <script>
    const ROOMS = ${JSON.stringify(ROOMS)};
    const EVENTS = ${JSON.stringify(EVENTS)};
    const fmt = (d, allDay) => d.toLocaleString('en-GB', allDay ? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }
      : { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false });
    let pending = null;
    let nextId = 100;
    const dialog = document.getElementById('new-booking');
    const calendar = new FullCalendar.Calendar(document.getElementById('calendar'), {
      timeZone: 'local',
      locale: 'en-gb',
      firstDay: 1,
      now: '2027-03-10T09:00:00',
      initialDate: '2027-03-10',
      initialView: 'dayGridMonth',
      height: 720,
      headerToolbar: { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek,multiMonthYear' },
      buttonText: { today: 'Today', month: 'Month', week: 'Week', day: 'Day', list: 'List', year: 'Year' },
      slotMinTime: '07:00:00',
      slotMaxTime: '23:00:00',
      scrollTime: '08:00:00',
      businessHours: { daysOfWeek: [1, 2, 3, 4, 5, 6], startTime: '08:00', endTime: '22:00' },
      nowIndicator: true,
      weekNumbers: true,
      dayMaxEvents: 2,
      editable: true,
      selectable: true,
      eventTimeFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
      events: EVENTS.map((e) => ({ ...e, backgroundColor: ROOMS[e.room], borderColor: ROOMS[e.room], extendedProps: { room: e.room } })),
      eventClick(info) {
        const e = info.event;
        const body = document.getElementById('details-body');
        body.innerHTML = '';
        const line = (label, value) => { const p = document.createElement('p'); p.innerHTML = '<b></b> '; p.firstChild.textContent = label + ':'; p.append(value); body.append(p); };
        line('What', e.title);
        line('Room', e.extendedProps.room);
        line('Starts', fmt(e.start, e.allDay));
        if (e.end) line('Ends', fmt(e.allDay ? new Date(e.end.getTime() - 86400000) : e.end, e.allDay));
        const del = document.createElement('button');
        del.textContent = 'Cancel this booking';
        del.addEventListener('click', () => {
          if (!confirm('Cancel "' + e.title + '"? This cannot be undone.')) return;
          e.remove();
          body.textContent = 'Click a booking to see its details here.';
          document.getElementById('last-change').textContent = 'Cancelled "' + e.title + '"';
        });
        body.append(del);
      },
      select(info) {
        pending = info;
        document.getElementById('booking-when').textContent = info.allDay
          ? fmt(info.start, true) + (info.end.getTime() - info.start.getTime() > 86400000 ? ' – ' + fmt(new Date(info.end.getTime() - 86400000), true) : '')
          : fmt(info.start, false) + ' – ' + info.end.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
        document.getElementById('booking-title').value = '';
        document.getElementById('booking-room').value = 'Main hall';
        document.getElementById('booking-error').textContent = '';
        dialog.showModal();
      },
      eventDrop(info) {
        document.getElementById('last-change').textContent = 'Moved "' + info.event.title + '" to ' + fmt(info.event.start, info.event.allDay);
      },
      eventResize(info) {
        document.getElementById('last-change').textContent = '"' + info.event.title + '" now ends ' + fmt(info.event.allDay ? new Date(info.event.end.getTime() - 86400000) : info.event.end, info.event.allDay);
      },
    });
    document.getElementById('booking-cancel').addEventListener('click', () => { dialog.close(); calendar.unselect(); pending = null; });
    document.getElementById('booking-form').addEventListener('submit', (ev) => {
      const title = document.getElementById('booking-title').value.trim();
      if (!title) { ev.preventDefault(); document.getElementById('booking-error').textContent = 'Please say what the booking is for.'; return; }
      const room = document.getElementById('booking-room').value;
      calendar.addEvent({ id: 'n' + nextId++, title, start: pending.start, end: pending.end, allDay: pending.allDay, backgroundColor: ROOMS[room], borderColor: ROOMS[room], extendedProps: { room } });
      document.getElementById('last-change').textContent = 'Booked "' + title + '" in the ' + room;
      calendar.unselect();
      pending = null;
    });
    calendar.render();
    document.body.dataset.loaded = 'yes';
  </script>
</body>
</html>
`;

export const FULLCALENDAR_EVENTS = EVENTS;
export const FULLCALENDAR_SITE = { 'index.html': PAGE };
