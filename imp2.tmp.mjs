const s=performance.now(); const r = await fetch('http://127.0.0.1:9/').catch(e=>e); console.log('fetch', (performance.now()-s).toFixed(1));
