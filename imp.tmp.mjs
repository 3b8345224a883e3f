const t0 = performance.now();
for (const m of process.argv.slice(2)) { const s = performance.now(); await import(m); console.log(m, (performance.now()-s).toFixed(1)); }
console.log('total', (performance.now()-t0).toFixed(1));
