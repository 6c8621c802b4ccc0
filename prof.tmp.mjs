import fs from 'node:fs'
const p = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
const byId = new Map(p.nodes.map((n) => [n.id, n]))
const self = new Map()
const dt = p.timeDeltas; let total = 0
const counts = new Map()
for (let i = 0; i < p.samples.length; i++) { counts.set(p.samples[i], (counts.get(p.samples[i]) ?? 0) + (dt[i] ?? 0)); total += dt[i] ?? 0 }
// self time by function+url
for (const [id, t] of counts) { const n = byId.get(id); const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/work\/main\//, '')}:${cf.lineNumber}`; self.set(k, (self.get(k) ?? 0) + t) }
console.log('total ms', (total / 1000).toFixed(0))
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 35)) console.log((100 * t / total).toFixed(1).padStart(5) + '%', k)
// by package (self)
const pk = new Map()
for (const [id, t] of counts) { const u = byId.get(id).callFrame.url; const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u); const k = m ? m[1] : u.includes('/dist/') ? 'app' : u ? u.split('/').slice(0, 2).join('/') : byId.get(id).callFrame.functionName; pk.set(k, (pk.get(k) ?? 0) + t) }
console.log('--- by package')
for (const [k, t] of [...pk].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log((100 * t / total).toFixed(1).padStart(5) + '%', k)
