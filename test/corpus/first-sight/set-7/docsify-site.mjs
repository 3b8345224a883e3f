// The Docsify site of set 7: the "Cape Wren Lighthouse Handbook", written as Markdown files and
// rendered in the browser by Docsify 4.13.1 (served from /docsify/ by static-server.mjs).
export const DOCSIFY_SITE = {
  'index.html': `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Cape Wren Lighthouse Handbook</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/docsify/lib/themes/vue.css">
</head>
<body>
  <div id="app">Loading the handbook…</div>
  <script>
    window.$docsify = {
      name: 'Cape Wren Handbook',
      loadSidebar: true,
      subMaxLevel: 2,
      coverpage: true,
      auto2top: true,
      search: { placeholder: 'Search the handbook', noData: 'No results!', depth: 3 },
    };
  </script>
  <script src="/docsify/lib/docsify.min.js"></script>
  <script src="/docsify/lib/plugins/search.min.js"></script>
  <script src="/docsify/lib/plugins/zoom-image.min.js"></script>
</body>
</html>
`,
  '_coverpage.md': `# Cape Wren Lighthouse <small>Handbook</small>

> Keeping the light on the Wren Rocks since 1872

- Daily duties, the lamp, weather and emergencies
- For keepers, relief keepers and volunteers

[Start reading](#welcome)
[Emergencies](emergencies.md)
`,
  '_sidebar.md': `- [Home](/)
- [Daily duties](duties.md)
- [The lamp](lamp.md)
- [Weather log](weather.md)
- [Emergencies](emergencies.md)
- [Visitors](visitors.md)
`,
  'README.md': `# Welcome

This handbook is for everyone who keeps the light at **Cape Wren**: the principal keeper, the two
assistant keepers and the volunteers who run the visitor centre.

## About this handbook

Read *Daily duties* before your first watch. The pages are kept short on purpose: if something is
missing, tell the principal keeper.

## Who is on the rota

| Keeper | Role | Watch |
|---|---|---|
| Ines Carvalho | Principal keeper | Morning (06:00–14:00) |
| Tomasz Wrona | Assistant keeper | Afternoon (14:00–22:00) |
| Femi Adeyemi | Assistant keeper | Night (22:00–06:00) |

?> The rota changes every first Monday of the month.
`,
  'duties.md': `# Daily duties

Every watch starts with the handover and ends with an entry in the log book.

## Handover

1. Read the previous entry in the log book.
2. Walk the gallery and check the lamp is turning.
3. Sign the handover sheet.

## Morning round

- Wind the clockwork (forty turns of the handle)
- Polish the brass on the lantern door
- Sweep the tower stairs — all 112 of them

## Log book entries

Write the time, the visibility and anything unusual. An entry looks like this:

\`\`\`text
06:00  Visibility good, wind SW 4. Lamp lit, rotation 20 s.
\`\`\`

!> Never leave the tower without signing the log book.
`,
  'lamp.md': `# The lamp

The light shows **two white flashes every 20 seconds** and can be seen 18 nautical miles out.

## Specifications

| Part | Value |
|---|---|
| Lens | First-order Fresnel, 1872 |
| Lamp | 1000 W metal halide |
| Range | 18 nautical miles |
| Character | Fl(2) W 20s |

## Cleaning the lens

Clean the lens every Tuesday with a soft chamois leather and distilled water. Never use
paper towels: they scratch the glass.

## Changing the bulb

1. Switch the lamp to the standby circuit.
2. Wait fifteen minutes for the bulb to cool.
3. Fit the new bulb wearing cotton gloves.
4. Switch back and note the change in the log book.
`,
  'weather.md': `# Weather log

Record the weather at 06:00, 12:00, 18:00 and 00:00.

## Beaufort scale (short)

| Force | Description | Sea |
|---|---|---|
| 0 | Calm | Like a mirror |
| 4 | Moderate breeze | Small waves, frequent white horses |
| 8 | Gale | Moderately high waves, foam in streaks |
| 10 | Storm | Very high waves, the sea looks white |

## Fog & mist

When visibility drops below two nautical miles, start the fog signal and write **FOG ON** in
the log book with the time.
`,
  'emergencies.md': `# Emergencies

!> In any emergency at sea, call the coastguard first.

## Who to call

| Who | Number |
|---|---|
| Coastguard | 999 or VHF channel 16 |
| Principal keeper | 07700 900 461 |
| Harbour master | 01632 960 210 |

## Power failure

1. Start the backup generator in the engine room.
2. Check that the lamp switched to the standby circuit.
3. Call the principal keeper.

## Injury in the tower

Do not move the injured person on the stairs. Call for help and fetch the first aid kit from
the watch room.
`,
  'visitors.md': `# Visitors

The visitor centre is open from **April to October**, Wednesday to Sunday.

## Tickets

| Ticket | Price |
|---|---|
| Adult | £6.50 |
| Child (5–15) | £3.00 |
| Family (2 adults, 2 children) | £16.00 |
| Under 5 | Free |

## Tower tours

Tours leave on the hour from 10:00 to 16:00 and take forty minutes. At most twelve visitors
climb at a time.

?> Dogs are welcome in the visitor centre but not in the tower.
`,
};
