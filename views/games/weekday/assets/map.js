// The map, enhanced: pan and zoom on every page, and on the turn page orders
// given by tapping (or Tab and Enter). Progressive enhancement only: the forms
// below the map stay and work without this script. Everything offered comes
// from the engine's legal options embedded in the page (#turn-data).
;(() => {
  const NS = 'http://www.w3.org/2000/svg'
  // Sentences through the server's ICU library (loaded before this script by /assets/messages.js),
  // in the page's language; a plain {name} replacement if it could not load.
  const language = document.documentElement.lang || 'en'
  const formats = new Map()
  const fill = (t, p) => {
    const text = String(t ?? '')
    const ICU = window.IntlMessageFormat
    if (ICU) {
      try {
        if (!formats.has(text)) formats.set(text, new ICU(text, language, undefined, { ignoreTag: true }))
        return String(formats.get(text).format(p))
      } catch {}
    }
    return text.replace(/\{(\w+)\}/g, (m, k) => (k in p ? String(p[k]) : m))
  }
  const el = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag)
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'on') for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f)
      else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : String(v))
    }
    for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) e.append(kid)
    return e
  }

  // The four faces of an attack of `n` troops (R8.2–R8.3), from the page's odds table: each run of
  // faces that ends alike told once, "On 2–4: you take it with 1–3 left".
  const facesOf = (odds, n) => (odds && odds.length ? odds[Math.min(Math.max(n, 1), odds.length) - 1] : null)
  const winsOf = (faces) => faces.filter((f) => f[0] === 'a').length
  const span = (low, high) => (low === high ? String(low) : `${low}–${high}`)
  function tellFaces(faces, S) {
    const runs = []
    faces.forEach((f, i) => {
      const left = f[0] === 'a' ? f[1] : f[2]
      const last = runs[runs.length - 1]
      if (last && last.result === f[0]) {
        last.to = i + 1
        last.fewest = Math.min(last.fewest, left)
        last.most = Math.max(last.most, left)
      } else runs.push({ result: f[0], from: i + 1, to: i + 1, fewest: left, most: left })
    })
    return runs.map((r) => {
      const left = span(r.fewest, r.most)
      const what = r.result === 'a' ? fill(S.ui_oddsTake, { left }) : r.result === 'd' ? fill(S.ui_oddsHold, { left }) : S.ui_oddsTie
      return { result: r.result, text: `${fill(S.ui_oddsOn, { rolls: span(r.from, r.to) })} ${what}` }
    })
  }

  // ---- pan and zoom: the viewBox moves; drag, pinch, ctrl+wheel and buttons ----
  function panZoom(svg, tools, focusTile) {
    const base = svg.viewBox.baseVal
    const full = { x: base.x, y: base.y, w: base.width, h: base.height }
    const rect0 = svg.getBoundingClientRect()
    const width0 = rect0.width || 1
    const phone = width0 < 700
    // The view's height for a width of it. Elsewhere the frame keeps its shape. On a phone a wide map
    // drawn whole would be a thin strip, and in a taller frame it would leave blank bands: the frame is
    // as tall as the map at the zoom, up to a useful height, and so grows as the map is zoomed in.
    const aspect = phone
      ? Math.min(window.innerHeight * 0.6, width0 * 1.1) / width0
      : rect0.height > 0 && rect0.width > 0
        ? rect0.height / rect0.width
        : full.h / full.w
    const heightOf = (w) => (phone ? Math.min(full.h, w * aspect) : w * aspect)
    const fitW = Math.max(full.w, full.h / aspect)
    // The whole map, centred across and from the top of a frame taller than it.
    const fit = { x: full.x + full.w / 2 - fitW / 2, y: full.y, w: fitW, h: heightOf(fitW) }
    let vb = { ...fit }
    const whole = () => vb.w >= fit.w - 0.5
    // Coordinates are written in the tiles once a hex is big enough to hold them (about 40 px).
    for (const g of svg.querySelectorAll('g.tile')) {
      const p = g.querySelector('polygon')
      if (!p || g.querySelector('text.coord')) continue
      const b = p.getBBox()
      const t = document.createElementNS(NS, 'text')
      t.setAttribute('class', 'coord')
      t.setAttribute('x', (b.x + b.width / 2).toFixed(1))
      t.setAttribute('y', (b.y + b.height - 3).toFixed(1))
      t.setAttribute('aria-hidden', 'true')
      t.textContent = g.getAttribute('data-tile')
      g.append(t)
    }
    const set = () => {
      if (phone) svg.style.height = `${((vb.h * width0) / vb.w).toFixed(1)}px`
      svg.setAttribute('viewBox', `${vb.x.toFixed(1)} ${vb.y.toFixed(1)} ${vb.w.toFixed(1)} ${vb.h.toFixed(1)}`)
      svg.classList.toggle('show-coords', (svg.getBoundingClientRect().width / vb.w) * Math.sqrt(3) * 18 >= 40)
      // At the whole map a finger scrolls the page; zoomed in, it moves the map.
      svg.style.touchAction = whole() ? 'pan-y' : 'none'
    }
    // The view's centre stays over the map; a view taller than the map shows it from its top.
    const clamp = () => {
      vb.x = Math.min(Math.max(vb.x, full.x - vb.w / 2), full.x + full.w - vb.w / 2)
      vb.y = vb.h >= full.h ? full.y : Math.min(Math.max(vb.y, full.y - vb.h / 2), full.y + full.h - vb.h / 2)
      if (whole()) vb = { ...fit }
    }
    // The opening view holds the map alone, with no blank beyond its edges, wherever the point it opens on.
    const inside = () => {
      if (vb.w <= full.w) vb.x = Math.min(Math.max(vb.x, full.x), full.x + full.w - vb.w)
      if (vb.h <= full.h) vb.y = Math.min(Math.max(vb.y, full.y), full.y + full.h - vb.h)
    }
    const zoomAt = (factor, cx, cy) => {
      const w = Math.min(fit.w, Math.max(fit.w / 12, vb.w / factor))
      vb = { x: cx - ((cx - vb.x) * w) / vb.w, y: cy - ((cy - vb.y) * w) / vb.w, w, h: heightOf(w) }
      clamp()
      set()
    }
    const toSvg = (x, y) => {
      const m = svg.getScreenCTM()
      if (!m) return { x: vb.x + vb.w / 2, y: vb.y + vb.h / 2 }
      const p = new DOMPoint(x, y).matrixTransform(m.inverse())
      return { x: p.x, y: p.y }
    }
    const centre = () => ({ x: vb.x + vb.w / 2, y: vb.y + vb.h / 2 })
    const api = {
      zoomIn: () => {
        const c = centre()
        zoomAt(1.5, c.x, c.y)
      },
      zoomOut: () => {
        const c = centre()
        zoomAt(1 / 1.5, c.x, c.y)
      },
      fit: () => {
        vb = { ...fit }
        set()
      },
      /** Zoom so a hex is at least `px` wide on screen, centred on a point of the map. */
      zoomTo: (px, at) => {
        const width = svg.getBoundingClientRect().width || 1
        const hexUnits = Math.sqrt(3) * 18
        const wanted = (width * hexUnits) / px
        if (wanted >= fit.w) return
        vb.w = wanted
        vb.h = heightOf(wanted)
        vb.x = at.x - vb.w / 2
        vb.y = at.y - vb.h / 2
        clamp()
        inside()
        set()
      },
      /** Bring a point into view without changing the zoom. */
      show: (at) => {
        if (at.x >= vb.x && at.x <= vb.x + vb.w && at.y >= vb.y && at.y <= vb.y + vb.h) return
        vb.x = at.x - vb.w / 2
        vb.y = at.y - vb.h / 2
        clamp()
        set()
      },
    }
    if (tools) {
      tools.hidden = false
      tools.querySelector('[data-zoom="in"]')?.addEventListener('click', api.zoomIn)
      tools.querySelector('[data-zoom="out"]')?.addEventListener('click', api.zoomOut)
      tools.querySelector('[data-zoom="fit"]')?.addEventListener('click', api.fit)
    }
    const pointers = new Map()
    let drag = null
    let moved = false
    svg.addEventListener('pointerdown', (e) => {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY })
      moved = false
      drag = { x: e.clientX, y: e.clientY, vb: { ...vb }, dist: null }
    })
    svg.addEventListener('pointermove', (e) => {
      // A mouse released outside the map ended its drag there.
      if (e.pointerType === 'mouse' && e.buttons === 0) {
        pointers.clear()
        drag = null
        return
      }
      if (!pointers.has(e.pointerId) || !drag) return
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY })
      const pts = [...pointers.values()]
      const rect = svg.getBoundingClientRect()
      if (pts.length >= 2) {
        const d = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y)
        if (drag.dist === null) drag.dist = d
        else if (Math.abs(d - drag.dist) > 4) {
          const mid = toSvg((pts[0].x + pts[1].x) / 2, (pts[0].y + pts[1].y) / 2)
          zoomAt(d / drag.dist, mid.x, mid.y)
          drag.dist = d
          moved = true
        }
        return
      }
      const dx = e.clientX - drag.x,
        dy = e.clientY - drag.y
      if (!moved && Math.hypot(dx, dy) < 8) return
      if (whole()) return // the whole map: nothing to pan, the page scrolls
      if (!moved) svg.setPointerCapture?.(e.pointerId) // the release comes back here, wherever it happens
      moved = true
      const k = vb.w / (rect.width || 1)
      vb.x = drag.vb.x - dx * k
      vb.y = drag.vb.y - dy * k
      clamp()
      set()
    })
    const end = (e) => {
      pointers.delete(e.pointerId)
      if (pointers.size === 0) drag = null
    }
    svg.addEventListener('pointerup', end)
    svg.addEventListener('pointercancel', end)
    // A drag is not a tap.
    svg.addEventListener(
      'click',
      (e) => {
        if (moved) {
          e.stopPropagation()
          e.preventDefault()
          moved = false
        }
      },
      true,
    )
    svg.addEventListener(
      'wheel',
      (e) => {
        if (!e.ctrlKey && !e.metaKey) return
        e.preventDefault()
        const p = toSvg(e.clientX, e.clientY)
        zoomAt(e.deltaY < 0 ? 1.25 : 1 / 1.25, p.x, p.y)
      },
      { passive: false },
    )
    set()
    // On a phone the whole map makes hexes too small to tap: start zoomed on one's own units.
    if (focusTile && svg.getBoundingClientRect().width < 700) {
      const g = svg.querySelector(`g.tile[data-tile="${focusTile}"] polygon`)
      if (g) {
        const b = g.getBBox()
        api.zoomTo(48, { x: b.x + b.width / 2, y: b.y + b.height / 2 })
      }
    } else if (svg.getBoundingClientRect().width < 700 && !document.querySelector('#draft-pick')) {
      // Every other map on a phone (#27): readable at first paint, hexes of about 40 px, centred
      // where the armies stand; the whole map is one tap away ("Whole map"). The draft's pick
      // keeps the whole map, since its choices lie all over it.
      const armies = [...svg.querySelectorAll('text.troops')].map((t) => t.getBBox())
      if (armies.length) {
        const x = armies.reduce((sum, b) => sum + b.x + b.width / 2, 0) / armies.length
        const y = armies.reduce((sum, b) => sum + b.y + b.height / 2, 0) / armies.length
        api.zoomTo(40, { x, y })
      }
    }
    return api
  }

  // ---- the turn page: orders by tapping ----
  function turnMap(root, data) {
    const svg = root.querySelector('svg.map')
    const panel = root.querySelector('#map-panel')
    if (!svg || !panel) return
    const S = data.strings
    const o = data.options
    // A tile as a person reads it (R1.5): its place's name when the map names it, else its coordinates.
    const P = (key) => data.places?.[key] ?? key
    // Coordinates read apart with spaces; names, which hold spaces, with commas.
    const Ps = (keys) => (keys.some((k) => P(k) !== k) ? keys.map(P).join(', ') : keys.join(' '))
    const tileG = (key) => svg.querySelector(`g.tile[data-tile="${key}"]`)
    const isCity = (key) => !!tileG(key)?.querySelector('rect.city')
    const centreOf = (key) => {
      const p = tileG(key)?.querySelector('polygon')
      if (!p) return null
      const b = p.getBBox()
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 }
    }
    const firstUnit = o.armies[0]?.tile ?? o.ships[0]?.tile ?? o.recruit[0]?.city ?? null
    const view = panZoom(svg, root.querySelector('.map-tools'), firstUnit)
    // With the map to tap, the forms fold away (one tap off; whole without JavaScript, and open again after a form was used).
    const forms = root.querySelector('details.order-forms')
    if (forms && !forms.hasAttribute('data-used')) forms.open = false
    svg.setAttribute('role', 'group')
    const overlay = document.createElementNS(NS, 'g')
    overlay.setAttribute('class', 'route')
    svg.append(overlay)

    // What each tile of one's own offers.
    const units = new Map()
    const add = (tile, what) => {
      if (!units.has(tile)) units.set(tile, [])
      units.get(tile).push(what)
    }
    for (const a of o.armies) add(a.tile, { kind: 'army', a })
    for (const s of o.ships) add(s.tile, { kind: 'ship', s })
    for (const r of o.recruit) add(r.city, { kind: 'recruit', r })
    for (const b of o.buildShip) add(b.port, { kind: 'build', b })

    const describeUnit = (tile) =>
      units
        .get(tile)
        .map((u) =>
          u.kind === 'army'
            ? fill(S.ui_army, { tile: P(tile), troops: u.a.troops, mp: u.a.mp })
            : u.kind === 'ship'
              ? fill(S.ui_ship, { id: u.s.id, tile: P(tile), crew: u.s.crew, mp: u.s.mp })
              : u.kind === 'recruit'
                ? fill(S.ui_recruit, { tile: P(tile), max: u.r.maxTroops })
                : fill(S.ui_build, { port: P(u.b.port), sea: P(u.b.sea) }),
        )
        .filter((x, i, all) => all.indexOf(x) === i)
        .join('; ')
    for (const tile of units.keys()) {
      const g = tileG(tile)
      if (!g) continue
      g.classList.add('mine')
      g.setAttribute('tabindex', '0')
      g.setAttribute('role', 'button')
      g.setAttribute('aria-label', fill(S.ui_unit, { what: describeUnit(tile) }))
    }

    let selected = null
    let targets = new Map()
    const clearMarks = () => {
      overlay.replaceChildren()
      for (const g of svg.querySelectorAll('g.tile.target')) {
        g.classList.remove('target', 'opt-move', 'opt-claim', 'opt-attack', 'opt-city')
        g.querySelector('.opt-mark')?.remove()
        if (!units.has(g.getAttribute('data-tile'))) {
          g.setAttribute('tabindex', '-1')
          g.removeAttribute('role')
          g.removeAttribute('aria-label')
        }
      }
      for (const g of svg.querySelectorAll('g.tile.selected')) g.classList.remove('selected')
    }
    const drawRoute = (tiles, kind) => {
      overlay.replaceChildren()
      const pts = tiles.map(centreOf).filter(Boolean)
      if (pts.length < 2) return
      const line = document.createElementNS(NS, 'polyline')
      line.setAttribute('points', pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' '))
      line.setAttribute('class', `route-line route-${kind}`)
      overlay.append(line)
    }
    const MARK = { move: '•', claim: '+', attack: '×', city: '▣', merge: '=' }
    const markTarget = (tile, kind, label) => {
      const g = tileG(tile)
      if (!g) return
      g.classList.add('target', `opt-${kind === 'merge' ? 'move' : kind}`)
      const c = centreOf(tile)
      const t = document.createElementNS(NS, 'text')
      t.setAttribute('class', 'opt-mark')
      t.setAttribute('x', (c.x + 9).toFixed(1))
      t.setAttribute('y', (c.y + 4).toFixed(1))
      t.textContent = MARK[kind] ?? '•'
      g.append(t)
      g.setAttribute('tabindex', '0')
      g.setAttribute('role', 'button')
      g.setAttribute('aria-label', fill(S.ui_target, { action: label }))
    }

    // An action, with what most have: no map target, route or detail, and as its confirm sentence
    // its label, followed by the troops chosen when it takes troops.
    const action = (fields) => ({
      target: null,
      detail: '',
      route: [],
      sentence: (n) => (fields.troops ? `${fields.label}: ${n}` : fields.label),
      ...fields,
    })

    // Every action of the selected tile: a label, the map target, the route, the order and its troops.
    const actionsOf = (tile) => {
      const acts = []
      for (const u of units.get(tile) ?? []) {
        if (u.kind === 'army') {
          const a = u.a
          for (const m of a.moves) {
            const via = m.path.slice(0, -1)
            const kind = m.effect === 'attack' ? 'attack' : m.effect === 'merge' ? 'merge' : m.city ? 'city' : m.claims.length ? 'claim' : 'move'
            const head =
              m.effect === 'attack'
                ? fill(S.ui_attack, { tile: P(m.to), defenders: m.attack.defenders, a: m.attack.a, d: m.attack.d })
                : m.effect === 'merge'
                  ? fill(S.ui_merge, { tile: P(m.to) })
                  : fill(S.ui_move, { tile: P(m.to) })
            const detail = [
              fill(S.ui_mp, { mp: m.mp }),
              via.length ? fill(S.ui_via, { tiles: Ps(via) }) : '',
              m.claims.length ? fill(S.ui_claims, { tiles: Ps(m.claims) }) : S.ui_claimsNothing,
              m.city ? S.ui_entersCity : '',
            ]
              .filter(Boolean)
              .join(', ')
            acts.push({
              target: m.to,
              kind,
              label: head,
              detail,
              route: [a.tile, ...m.path],
              order: { type: 'move', from: a.tile, to: m.to, via: via.join(' ') },
              troops: { max: m.maxTroops, of: a.troops, emptyCity: isCity(a.tile) ? a.tile : null },
              odds: m.attack?.odds,
              sentence: (n) =>
                fill(m.effect === 'attack' ? S.ui_confirmAttack : S.ui_confirmMove, { troops: n, of: a.troops, from: P(a.tile), to: P(m.to) }) +
                (m.claims.length ? `; ${fill(S.ui_claims, { tiles: Ps(m.claims) })}` : ''),
            })
          }
          for (const e of a.embark) {
            acts.push(
              action({
                kind: 'move',
                label: fill(S.ui_embark, { ship: e.ship }),
                order: { type: 'embark', from: a.tile, ship: e.ship },
                troops: { max: e.maxTroops, of: a.troops, emptyCity: isCity(a.tile) ? a.tile : null },
              }),
            )
          }
        } else if (u.kind === 'ship') {
          const s = u.s
          for (const x of s.sail)
            acts.push(
              action({
                target: x.to,
                kind: 'move',
                label: fill(S.ui_sail, { tile: P(x.to) }),
                detail: fill(S.ui_mp, { mp: x.mp }),
                route: [s.tile, ...x.path],
                order: { type: 'shipMove', ship: s.id, to: x.to },
              }),
            )
          for (const x of s.disembark) {
            const kind = x.effect === 'attack' ? 'attack' : x.effect === 'merge' ? 'merge' : 'claim'
            acts.push(
              action({
                target: x.to,
                kind,
                label:
                  fill(S.ui_disembark, { tile: P(x.to) }) +
                  (x.attack ? ` (${fill(S.ui_attack, { tile: P(x.to), defenders: x.attack.defenders, a: x.attack.a, d: x.attack.d })})` : ''),
                route: [s.tile, x.to],
                order: { type: 'disembark', ship: s.id, to: x.to },
                troops: { max: x.maxTroops, of: s.crew, emptyCity: null },
                odds: x.attack?.odds,
                sentence: (n) => `${fill(S.ui_disembark, { tile: P(x.to) })}: ${n}`,
              }),
            )
          }
          for (const x of s.portAssault)
            acts.push(
              action({
                target: x.port,
                kind: 'attack',
                label: fill(S.ui_assault, { tile: P(x.port), defenders: x.attack.defenders }),
                route: [s.tile, x.port],
                order: { type: 'portAssault', ship: s.id, port: x.port, occupy: 'true' },
                troops: { max: x.maxTroops, of: s.crew, emptyCity: null },
                odds: x.attack.odds,
              }),
            )
          for (const x of s.board)
            acts.push(
              action({
                kind: 'attack',
                label: fill(S.ui_board, { ship: x.target }),
                order: { type: 'board', ship: s.id, target: x.target },
                odds: x.attack.odds,
              }),
            )
          for (const x of s.crewTransfer)
            acts.push(
              action({
                kind: 'move',
                label: fill(S.ui_transfer, { ship: x.to }),
                order: { type: 'crewTransfer', from: s.id, to: x.to },
                troops: { max: x.maxTroops, of: s.crew, emptyCity: null },
              }),
            )
        } else if (u.kind === 'recruit') {
          acts.push(
            action({
              kind: 'city',
              label: fill(S.ui_recruitAll, { troops: u.r.maxTroops, city: P(tile) }),
              order: { type: 'recruit', city: tile },
              troops: { max: u.r.maxTroops, of: null, emptyCity: null },
              sentence: (n) => `${fill(S.ui_recruit, { tile: P(tile), max: u.r.maxTroops })}: ${n}`,
            }),
          )
        } else if (u.kind === 'build') {
          acts.push(
            action({
              target: u.b.sea,
              kind: 'move',
              label: fill(S.ui_build, { port: P(u.b.port), sea: P(u.b.sea) }),
              route: [u.b.port, u.b.sea],
              order: { type: 'buildShip', port: u.b.port, sea: u.b.sea },
            }),
          )
        }
      }
      return acts
    }

    // With all the troops it may take: how many faces of the d4 win (none: greyed, still allowed,
    // since a lost attack still costs the defenders troops, R8.3).
    const chanceOf = (act) => {
      const faces = act.odds ? facesOf(act.odds, act.odds.length) : null
      return faces ? winsOf(faces) : null
    }
    // One tap gives the order as the row says (all the troops it may take); an attack, and the
    // first action while resources are left unspent (R5.5), stop at the confirm strip first.
    const direct = (act) => act.kind !== 'attack' && !(data.firstMoveLoses > 0 && !['recruit', 'buildShip'].includes(act.order.type))
    const give = (act, button) => (direct(act) ? submit({ ...act.order, ...(act.troops ? { troops: String(act.troops.max) } : {}) }, button) : confirm(act))
    const actionRow = (act) =>
      act.troops && act.troops.max > 1
        ? el(
            'div',
            { class: 'act-row' },
            actionButton(act),
            el(
              'button',
              {
                type: 'button',
                class: 'secondary fewer',
                'aria-label': fill(S.ui_fewer, { what: act.label }),
                on: { click: () => confirm(act, { fewer: true }) },
              },
              '…',
            ),
          )
        : actionButton(act)
    const actionButton = (act) =>
      el(
        'button',
        {
          type: 'button',
          class: `act act-${act.kind}${chanceOf(act) === 0 ? ' act-hopeless' : ''}`,
          on: {
            click: (e) => give(act, e.currentTarget),
            focus: () => act.route.length && drawRoute(act.route, act.kind),
            mouseenter: () => act.route.length && drawRoute(act.route, act.kind),
          },
        },
        act.label,
        act.troops && direct(act) && act.troops.max > 0 && act.order.type !== 'recruit' ? ` · ${fill(S.ui_allTroops, { troops: act.troops.max })}` : '',
        act.detail ? el('small', {}, ` (${act.detail})`) : null,
        chanceOf(act) === null ? null : el('span', { class: 'chance' }, chanceOf(act) ? fill(S.ui_oddsWins, { k: chanceOf(act) }) : S.ui_oddsNever),
      )

    const show = (...kids) => {
      panel.replaceChildren(...kids)
      panel.hidden = false
      panel.classList.remove('idle')
    }

    function select(tile) {
      if (window.matchMedia('(max-width: 700px)').matches) svg.closest('figure')?.scrollIntoView({ block: 'start', behavior: 'instant' })
      clearMarks()
      selected = tile
      tileG(tile)?.classList.add('selected')
      const acts = actionsOf(tile)
      targets = new Map()
      for (const act of acts)
        if (act.target) {
          if (!targets.has(act.target)) targets.set(act.target, [])
          targets.get(act.target).push(act)
        }
      for (const [t, list] of targets) {
        const rank = ['attack', 'city', 'claim', 'merge', 'move']
        const kind = rank.find((k) => list.some((x) => x.kind === k)) ?? 'move'
        markTarget(
          t,
          kind,
          list
            .map((x) => x.label)
            .filter((x, i, all) => all.indexOf(x) === i)
            .join('; '),
        )
      }
      // Recruiting first (R5.5), then one row per destination: its other paths are a tap on the tile away.
      const rank = (act) => (act.order.type === 'recruit' ? 0 : act.order.type === 'buildShip' ? 1 : 2)
      const rows = acts
        .filter((act, i) => !act.target || acts.findIndex((x) => x.target === act.target && x.kind === act.kind) === i)
        .sort((x, y) => rank(x) - rank(y))
      show(
        el('h3', {}, describeUnit(tile)),
        acts.length
          ? el(
              'p',
              { class: 'legend' },
              el('span', { class: 'key key-move' }, `• ${S.ui_legendMove}`),
              ' ',
              el('span', { class: 'key key-claim' }, `+ ${S.ui_legendClaim}`),
              ' ',
              el('span', { class: 'key key-attack' }, `× ${S.ui_legendAttack}`),
              ' ',
              el('span', { class: 'key key-city' }, `▣ ${S.ui_legendCity}`),
            )
          : null,
        acts.length
          ? el(
              'ul',
              { class: 'acts' },
              rows.map((act) => el('li', {}, actionRow(act))),
            )
          : el('p', {}, S.ui_nothing),
        el('button', { type: 'button', class: 'secondary', on: { click: deselect } }, S.ui_cancel),
      )
    }

    function deselect() {
      clearMarks()
      selected = null
      targets = new Map()
      // The hint, and ending the turn (R4.6) always one tap away in the sheet.
      show(
        el('p', {}, S.ui_pick),
        data.options.endTurn
          ? el('button', { type: 'button', class: 'secondary end-turn-now', on: { click: (e) => submit({ type: 'endTurn' }, e.currentTarget) } }, S.ui_endTurn)
          : null,
      )
      // Only a hint: on a phone it stays in the page rather than covering the map.
      panel.classList.add('idle')
    }

    function chooseTarget(tile) {
      const list = targets.get(tile)
      if (list.length === 1) return confirm(list[0])
      drawRoute(list[0].route, list[0].kind)
      show(
        el('h3', {}, fill(S.ui_paths, { tile: P(tile) })),
        el(
          'ul',
          { class: 'acts' },
          list.map((act) => el('li', {}, actionRow(act))),
        ),
        el('button', { type: 'button', class: 'secondary', on: { click: () => select(selected) } }, S.ui_cancel),
      )
      panel.querySelector('button.act')?.focus()
    }

    // "…" asks for fewer troops: it starts one short of all, the split most often wanted (leave one
    // behind), so that it is three taps; the stepper's buttons take it anywhere else.
    function confirm(act, { fewer = false } = {}) {
      if (act.route.length) drawRoute(act.route, act.kind)
      const start = fewer ? Math.max(1, act.troops.max - 1) : act.troops?.max
      const n = act.troops
        ? el('input', { type: 'number', name: 'troops', min: 1, max: act.troops.max, value: start, required: true, inputmode: 'numeric' })
        : null
      const step = (by, text, label) =>
        el(
          'button',
          {
            type: 'button',
            class: 'secondary step',
            'aria-label': label,
            on: {
              click: () => {
                n.value = String(Math.min(act.troops.max, Math.max(1, (Number(n.value) || 1) + by)))
                update()
              },
            },
          },
          text,
        )
      const sentence = el('strong', { class: 'sentence' })
      const warn = el('p', { class: 'warning', role: 'status' })
      const odds = act.odds ? el('ul', { class: 'odds', 'aria-label': S.ui_oddsTitle }) : null
      // R5.5: an action order ends recruiting; the confirm says what is lost with it.
      const ending = data.firstMoveLoses > 0 && !['recruit', 'buildShip'].includes(act.order.type)
      const lose = ending ? el('p', { class: 'lose', role: 'status' }, fill(S.ui_firstMoveLoses, { resources: data.firstMoveLoses })) : null
      const update = () => {
        const k = n ? Math.min(act.troops.max, Math.max(1, Number(n.value) || 1)) : 0
        sentence.textContent = act.sentence(k)
        if (odds) {
          const faces = facesOf(act.odds, k || act.odds.length)
          odds.replaceChildren(...tellFaces(faces, S).map((line) => el('li', { class: `odds-${line.result}` }, line.text)))
        }
        warn.textContent =
          n && act.troops.emptyCity && act.troops.of !== null && k >= act.troops.of ? fill(S.ui_emptyCity, { tile: P(act.troops.emptyCity) }) : ''
        warn.hidden = !warn.textContent
      }
      n?.addEventListener('input', update)
      const send = el('button', { type: 'submit' }, data.send)
      const form = el(
        'form',
        {
          class: 'confirm',
          on: {
            submit: (e) => {
              e.preventDefault()
              submit({ ...act.order, ...(n ? { troops: n.value } : {}) }, send)
            },
          },
        },
        sentence,
        n ? el('div', { class: 'stepper' }, el('label', {}, `${data.troops} `, n), step(-1, '−', S.ui_fewerOne), step(1, '+', S.ui_moreOne)) : null,
        odds ? el('p', { class: 'odds-title' }, S.ui_oddsTitle) : null,
        odds,
        warn,
        lose,
        el('div', { class: 'row' }, send, el('button', { type: 'button', class: 'secondary', on: { click: () => select(selected) } }, S.ui_cancel)),
      )
      show(form)
      update()
      ;(n ?? send).focus()
    }

    async function submit(order, button) {
      const csrf = root.querySelector('input[name="_csrf"]')?.value ?? ''
      const body = new URLSearchParams({ _csrf: csrf, ...order })
      button.disabled = true
      button.textContent = S.ui_sending
      try {
        const res = await fetch(location.pathname, { method: 'POST', body, credentials: 'same-origin', headers: { accept: 'text/html', 'x-ww-map': '1' } })
        const html = await res.text()
        const next = new DOMParser().parseFromString(html, 'text/html').querySelector('main')
        if (!next) throw new Error(String(res.status))
        root.replaceChildren(...next.childNodes)
        document.dispatchEvent(new CustomEvent('ww:swapped', { detail: { root } }))
        // Where the answer is: the result, or the refusal beside its form.
        const focus = root.querySelector('#results, .error')
        if (focus) {
          focus.setAttribute('tabindex', '-1')
          focus.focus({ preventScroll: true })
        }
        // On a phone the map stays where the thumb is, with the answer in the sheet over it.
        if (window.matchMedia('(max-width: 700px)').matches) {
          root.querySelector('svg.map')?.closest('figure')?.scrollIntoView({ block: 'start' })
          const answer = root.querySelector('#results li:last-child, .error')
          const sheet = root.querySelector('#map-panel')
          if (answer && sheet) {
            sheet.prepend(el('p', { class: 'answer', role: 'status' }, answer.textContent))
            sheet.classList.remove('idle')
          }
        }
      } catch (error) {
        button.disabled = false
        button.textContent = data.send
        show(el('p', { class: 'error', role: 'alert' }, fill(S.ui_failed, { reason: error.message })))
      }
    }

    function activate(tile) {
      if (selected && targets.has(tile)) return chooseTarget(tile)
      if (units.has(tile)) return select(tile)
      // Any other tile: what is on it (its title, in the reader's language).
      clearMarks()
      selected = null
      targets = new Map()
      // The title starts with the tile's name and coordinates (map-svg.ts placeTitle); a name may hold commas.
      const title = tileG(tile)?.querySelector('title')?.textContent ?? tile
      const name = P(tile) === tile || P(tile).endsWith(`(${tile})`) ? P(tile) : `${P(tile)} (${tile})`
      const head = name === tile ? `${S.ui_tile} ${tile}` : name
      const rest = title.startsWith(`${name}, `) ? title.slice(name.length + 2) : title.split(', ').slice(1).join(', ')
      show(el('h3', {}, head), el('p', {}, rest), el('p', { class: 'meta' }, S.ui_pick))
    }

    // A player filling an opened form's tile field taps the map to fill it, as without this script.
    let field = null
    root.addEventListener('focusin', (e) => {
      if (!svg.contains(e.target)) field = e.target.classList?.contains('tile-input') ? e.target : null
    })
    svg.addEventListener('click', (e) => {
      const g = e.target.closest && e.target.closest('g.tile')
      if (!g) return
      if (field && forms?.open) return
      e.stopPropagation()
      activate(g.getAttribute('data-tile'))
    })
    svg.addEventListener('keydown', (e) => {
      const g = e.target.closest && e.target.closest('g.tile')
      if (e.key === 'Escape' && selected) {
        deselect()
        return
      }
      if (!g || (e.key !== 'Enter' && e.key !== ' ')) return
      e.preventDefault()
      activate(g.getAttribute('data-tile'))
    })
    svg.addEventListener('focusin', (e) => {
      const g = e.target.closest && e.target.closest('g.tile')
      // Keyboard focus only: a tap focuses the tile too, and panning between its press and its
      // release would move the tile from under the finger, and the tap would be lost.
      if (g && g.matches(':focus-visible')) view.show(centreOf(g.getAttribute('data-tile')))
    })
    deselect()
  }

  function enhance(root) {
    const data = JSON.parse(root.querySelector('#turn-data')?.textContent || 'null')
    if (data?.options) {
      turnMap(root, data)
      return
    }
    for (const svg of root.querySelectorAll('svg.map')) {
      const tools = svg.closest('figure')?.querySelector('.map-tools')
      if (tools) panZoom(svg, tools, null)
    }
  }
  const main = document.querySelector('main')
  if (main) enhance(main)
  document.addEventListener('ww:swapped', (e) => enhance(e.detail.root))
})()
