// The kinrow page: one board for every game, the engine as either player,
// hint heatmaps, the principal variation and an SVG search-tree viewer.
// The rules live on the server: after every change the page asks
// /api/position for the board, the result and the legal moves, and draws
// what it is told. Everything shown goes through textContent, never HTML.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const SVG = 'http://www.w3.org/2000/svg';

  const state = {
    game: 'tictactoe',
    moves: [],
    pos: null,        // the last /api/position answer
    analysis: null,   // the last /api/analyze answer for this position
    line: null,       // the last /api/solve or /api/move answer
    generation: 0,    // bumps on every change: late answers of older ones are dropped
    controller: null, // aborts the requests of an older position (the server stops their searches)
    focus: 0,         // the board cell that takes the keyboard focus
    engineNow: false, // "Engine move": the engine plays the next move whoever's turn it is
    tree: null,
  };

  // ---- talking to the server ----

  class ApiError extends Error {}

  async function api(path, body, signal) {
    const init = body === undefined ? { signal } : {
      method: 'POST', signal, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    };
    const res = await fetch(path, init);
    let data;
    try { data = await res.json(); } catch { data = { error: `HTTP ${res.status}` }; }
    if (!res.ok) throw new ApiError(data.error || `HTTP ${res.status}`);
    return data;
  }

  const positionRequest = () => ({ game: state.game, moves: state.moves.join(' ') });
  const engineTime = () => Math.max(50, Math.min(30000, Number($('time').value) || 1000));
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function showError(e) {
    if (e.name === 'AbortError') return;
    $('error').textContent = e.message;
  }

  // ---- whose turn ----

  function engineSide(side) {
    const mode = $('mode').value;
    return mode === 'none' || (mode === 'x' && side === 'O') || (mode === 'o' && side === 'X');
  }
  const humanToMove = () => state.pos && !state.pos.game_over && !engineSide(state.pos.to_move);

  // ---- the position changed: ask for it, then for hints or the engine's move ----

  async function refresh() {
    const generation = ++state.generation;
    if (state.controller) state.controller.abort();
    const controller = state.controller = new AbortController();
    const signal = controller.signal;
    const current = () => generation === state.generation;
    $('error').textContent = '';
    // data-busy tells scripts (and the browser tests) the page is still asking.
    document.body.dataset.busy = 'true';
    try {
      const pos = await api('/api/position', positionRequest(), signal);
      if (!current()) return;
      state.pos = pos;
      state.moves = pos.moves.slice();  // the server's spelling: one entry a move
      state.analysis = null;
      state.line = null;
      render();
      // How long the page took to show its first board (docs/PERFORMANCE.md).
      if (!performance.getEntriesByName('kinrow-ready').length) performance.mark('kinrow-ready');
      if (pos.game_over) return;
      const engineNow = state.engineNow;
      state.engineNow = false;
      if (engineSide(pos.to_move) || engineNow) {
        setStatus(`${pos.to_move} (engine) is thinking…`);
        const answer = await api('/api/move', { ...positionRequest(), time_ms: engineTime() }, signal);
        if (!current()) return;
        state.line = answer;
        renderAnalysis();
        if ($('mode').value === 'none') await sleep(250);  // let people follow engine against engine
        if (!current()) return;
        state.moves.push(answer.best_move);
        return refresh();
      }
      if ($('hints').checked) {
        setStatus(`${statusText()} — analysing…`);
        const analysis = await api('/api/analyze', { ...positionRequest(), time_ms: engineTime() }, signal);
        if (!current()) return;
        state.analysis = analysis;
        render();
      }
      if ($('show-pv').checked) {
        const line = await api('/api/solve', { ...positionRequest(), time_ms: engineTime() }, signal);
        if (!current()) return;
        state.line = line;
        render();
      }
    } catch (e) {
      if (current()) {
        showError(e);
        setStatus(statusText());
      }
    } finally {
      if (current()) document.body.dataset.busy = 'false';
    }
  }

  function play(move) {
    if (!humanToMove()) return;
    state.moves.push(move);
    refresh();
  }

  function undo() {
    if (!state.moves.length) return;
    state.moves.pop();
    // Against the engine, go back to the human's turn.
    const mode = $('mode').value;
    if ((mode === 'x' || mode === 'o') && state.moves.length) {
      const toMove = state.moves.length % 2 === 0 ? 'X' : 'O';
      if (engineSide(toMove)) state.moves.pop();
    }
    refresh();
  }

  function newGame() {
    state.moves = [];
    state.focus = 0;
    refresh();
  }

  function chooseGame(name) {
    state.game = name;
    state.moves = [];
    state.focus = 0;
    closeTree();
    refresh();
  }

  // ---- drawing ----

  function setStatus(text) { $('status').textContent = text; }

  function statusText() {
    const p = state.pos;
    if (!p) return '';
    let text;
    if (p.game_over) text = p.result === 'draw' ? 'Game over: a draw' : `Game over: ${p.result}`;
    else text = `${p.to_move} to move${engineSide(p.to_move) ? ' (engine)' : ($('mode').value === 'both' ? '' : ' (you)')}`;
    if (p.weights) text += ` — board score ${p.score >= 0 ? '+' : ''}${p.score} (X's view)`;
    return text;
  }

  function render() {
    setStatus(statusText());
    renderBoard();
    renderAnalysis();
    renderHistory();
    $('undo').disabled = state.moves.length === 0;
    $('engine-move').disabled = !state.pos || state.pos.game_over;
  }

  // The colour of a value on the heatmap: green wins, grey draws, red
  // losses (faster is stronger), blue the engine's own ranking.
  function heatColour(v, scale) {
    if (v.bound === 'none') return '';
    if (v.proven) {
      const room = Math.max(1, scale.empty);
      const fast = v.plies_to_end === null ? 0.5 : 1 - Math.min(1, (v.plies_to_end - 1) / room);
      if (v.result === 'win') return `rgba(var(--win), ${0.35 + 0.55 * fast})`;
      if (v.result === 'loss') return `rgba(var(--loss), ${0.35 + 0.55 * fast})`;
      return 'rgba(160, 160, 160, 0.75)';
    }
    // By rank, not by score: one move the engine sees losing must not
    // wash out the differences between all the others.
    const below = scale.scores.filter((s) => s < v.score).length;
    const t = scale.scores.length > 1 ? below / (scale.scores.length - 1) : 1;
    return `rgba(var(--heur), ${0.1 + 0.8 * t})`;
  }

  // Cells of a line of moves played on from the board: ghost stones for the PV.
  function lineCells(moves, p) {
    const fill = [];
    for (let c = 0; c < p.width; c++) {
      let n = 0;
      for (let r = 0; r < p.height; r++) if (p.board[r][c] !== '.') n++;
      fill.push(n);
    }
    const cells = [];
    for (const m of moves) {
      if (p.gravity) {
        const c = Number(m) - 1;
        if (!(c >= 0 && c < p.width) || fill[c] >= p.height) break;
        cells.push((p.height - 1 - fill[c]) * p.width + c);
        fill[c]++;
      } else {
        const [r, c] = m.split(',').map(Number);
        cells.push(r * p.width + c);
      }
    }
    return cells;
  }

  function renderBoard() {
    const p = state.pos;
    const board = $('board');
    const hadFocus = board.contains(document.activeElement);
    board.className = 'board';
    board.style.setProperty('--cols', p.width);
    board.style.gridTemplateColumns = `repeat(${p.width}, 1fr)`;
    board.setAttribute('aria-label', `${p.game} board, ${p.width} columns by ${p.height} rows`);

    const legalAt = new Map();  // cell -> move; gravity: every cell of a column plays it
    for (const l of p.legal) {
      if (p.gravity) for (let r = 0; r < p.height; r++) legalAt.set(r * p.width + l.col, l.move);
      else legalAt.set(l.row * p.width + l.col, l.move);
    }
    const values = new Map();  // cell of the move -> value
    const scale = { scores: [], empty: p.width * p.height - p.stones };
    if (state.analysis) {
      for (const v of state.analysis.moves) {
        const l = p.legal.find((x) => x.move === v.move);
        if (!l) continue;
        values.set(l.row * p.width + l.col, v);
        if (!v.proven && v.bound !== 'none') scale.scores.push(v.score);
      }
    }
    const pv = state.line && $('show-pv').checked && !p.game_over ? lineCells(state.line.pv.slice(0, 12), p) : [];
    const lastMove = state.moves.length ? lastMoveCell(p) : -1;
    const total = p.width * p.height;
    state.focus = Math.min(state.focus, total - 1);

    const rows = [];
    for (let r = 0; r < p.height; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.style.display = 'contents';
      for (let c = 0; c < p.width; c++) {
        const i = r * p.width + c;
        const cell = document.createElement('button');
        cell.type = 'button';
        cell.className = 'cell' + (p.gravity ? ' gravity' : '');
        cell.setAttribute('role', 'gridcell');
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.tabIndex = i === state.focus ? 0 : -1;
        const stone = p.board[r][c];
        let label = `row ${r + 1}, column ${c + 1}: `;
        if (p.weights) {
          const w = document.createElement('span');
          w.className = 'weight';
          w.textContent = p.weights[i];
          cell.append(w);
          label += `weight ${p.weights[i]}, `;
        }
        if (stone !== '.') {
          const s = document.createElement('span');
          s.className = `stone ${stone}` + (i === lastMove ? ' last' : '');
          s.textContent = stone;
          cell.append(s);
          label += stone;
        } else {
          label += 'empty';
          const move = legalAt.get(i);
          if (move !== undefined) cell.dataset.move = move;
          const v = values.get(i);
          if (v) {
            cell.style.background = heatColour(v, scale);
            cell.dataset.label = v.label;
            cell.title = `${v.move}: ${v.description}`;
            label += `, ${v.description}`;
            if (v.proven || p.width * p.height <= 49) {
              const h = document.createElement('span');
              h.className = 'hint';
              h.textContent = v.label;
              cell.append(h);
            }
          }
          const k = pv.indexOf(i);
          if (k >= 0) {
            const g = document.createElement('span');
            const side = (p.stones + k) % 2 === 0 ? 'X' : 'O';
            g.className = `stone ghost ${side}`;
            g.textContent = k + 1;
            cell.classList.add('with-pv');
            cell.append(g);
            label += `, move ${k + 1} of the principal variation`;
          }
          if (!humanToMove() || move === undefined) cell.setAttribute('aria-disabled', 'true');
        }
        cell.setAttribute('aria-label', label);
        row.append(cell);
      }
      rows.push(row);
    }
    board.replaceChildren(...rows);
    if (hadFocus) board.querySelectorAll('.cell')[state.focus].focus();
  }

  // The cell of the last move, found by comparing with the board one move back.
  function lastMoveCell(p) {
    const last = state.moves[state.moves.length - 1];
    if (p.gravity) {
      const c = Number(last) - 1;
      for (let r = 0; r < p.height; r++) if (p.board[r][c] !== '.') return r * p.width + c;
      return -1;
    }
    const [r, c] = last.split(',').map(Number);
    return r * p.width + c;
  }

  function renderAnalysis() {
    const a = state.line || state.analysis;
    const stats = $('stats');
    if (!state.line) {
      $('value').textContent = state.pos && state.pos.game_over ? statusText() : '—';
      $('pv').textContent = '—';
    } else {
      const whose = state.line.to_move;
      $('value').textContent = `${whose} to move: ${state.line.description}` + (state.line.complete ? '' : ' (stopped by the time limit)');
      $('pv').textContent = state.line.pv.length ? state.line.pv.join('  ') : '—';
    }
    if (!a) { stats.replaceChildren(); return; }
    const s = a.stats;
    const items = [
      ['engine', a.engine],
      ['nodes', s.nodes.toLocaleString('en')],
      ['time', `${(s.time_s * 1000).toFixed(1)} ms`],
      ['nodes/s', Math.round(s.nps).toLocaleString('en')],
      ['depth', s.depth],
      ['table hits', s.tt_probes ? `${s.tt_hits.toLocaleString('en')} of ${s.tt_probes.toLocaleString('en')} probes`
        : s.tt_hits.toLocaleString('en')],
      ['table', `${(s.table_bytes / 1048576).toFixed(1)} MiB`],
    ];
    if (a.from_book) items.push(['book', 'yes']);
    if (a.note) items.push(['note', a.note]);
    const nodes = [];
    for (const [k, v] of items) {
      const dt = document.createElement('dt');
      dt.textContent = k;
      const dd = document.createElement('dd');
      dd.textContent = v;
      nodes.push(dt, dd);
    }
    stats.replaceChildren(...nodes);
  }

  function renderHistory() {
    const items = state.moves.map((m, i) => {
      const li = document.createElement('li');
      li.textContent = `${i % 2 === 0 ? 'X' : 'O'} ${m}`;
      return li;
    });
    $('history').replaceChildren(...items);
  }

  // ---- the board from the keyboard: arrows move, Enter / Space plays ----

  $('board').addEventListener('keydown', (e) => {
    const p = state.pos;
    if (!p || !e.target.classList.contains('cell')) return;
    let r = Math.floor(state.focus / p.width), c = state.focus % p.width;
    if (e.key === 'ArrowLeft') c = Math.max(0, c - 1);
    else if (e.key === 'ArrowRight') c = Math.min(p.width - 1, c + 1);
    else if (e.key === 'ArrowUp') r = Math.max(0, r - 1);
    else if (e.key === 'ArrowDown') r = Math.min(p.height - 1, r + 1);
    else if (e.key === 'Home') c = 0;
    else if (e.key === 'End') c = p.width - 1;
    else return;
    e.preventDefault();
    const cells = $('board').querySelectorAll('.cell');
    cells[state.focus].tabIndex = -1;
    state.focus = r * p.width + c;
    cells[state.focus].tabIndex = 0;
    cells[state.focus].focus();
  });

  $('board').addEventListener('click', (e) => {
    const cell = e.target.closest('.cell');
    if (!cell) return;
    state.focus = Number(cell.dataset.row) * state.pos.width + Number(cell.dataset.col);
    if (cell.dataset.move !== undefined) play(cell.dataset.move);
  });

  // ---- the search tree ----

  function closeTree() {
    $('tree-panel').hidden = true;
    $('tree-view').replaceChildren();
    state.tree = null;
  }

  async function buildTree() {
    $('tree-info').textContent = 'Searching…';
    try {
      const tree = await api('/api/tree', {
        ...positionRequest(), algorithm: $('tree-algorithm').value,
        depth: Math.max(1, Number($('tree-depth').value) || 2), max_nodes: 1500,
      });
      const kids = tree.nodes.map(() => []);
      tree.nodes.forEach((n, i) => { if (n.parent >= 0) kids[n.parent].push(i); });
      // Open the root and the principal line; the rest opens on demand.
      const open = new Set([0]);
      for (let i = 0; i >= 0;) {
        open.add(i);
        const best = tree.nodes[i].best;
        i = best === null ? -1 : kids[i].find((k) => tree.nodes[k].move === best) ?? -1;
      }
      state.tree = { data: tree, kids, open, focus: 0 };
      $('tree-info').textContent = `${tree.node_count} nodes, ${tree.algorithm}, depth ${tree.depth}, table ${tree.table ? 'on' : 'off'} (` +
        `values: ${tree.values}). Click a node or press Enter on it to open or close it; dashed grey: pruned.`;
      drawTree();
    } catch (e) {
      $('tree-info').textContent = e.message;
    }
  }

  function drawTree() {
    const { data, kids, open } = state.tree;
    const nodes = data.nodes;
    const rows = nodes[0].board.split('/');
    const w = Math.max(100, rows[0].length * 14 + 16), h = rows.length * 12 + 34;
    const gapX = 14, gapY = 46;
    const place = new Map();  // node -> {x, y}; pruned stubs as 'p<node>_<j>'
    let slot = 0;
    const visit = (i, depth) => {
      const children = open.has(i) ? kids[i] : [];
      const stubs = open.has(i) ? nodes[i].pruned : [];
      if (!children.length && !stubs.length) {
        place.set(i, { x: slot++, y: depth });
        return;
      }
      const xs = [];
      for (const k of children) { visit(k, depth + 1); xs.push(place.get(k).x); }
      stubs.forEach((_, j) => { place.set(`p${i}_${j}`, { x: slot, y: depth + 1 }); xs.push(slot++); });
      place.set(i, { x: (xs[0] + xs[xs.length - 1]) / 2, y: depth });
    };
    visit(0, 0);
    let maxY = 0;
    for (const p of place.values()) maxY = Math.max(maxY, p.y);
    const px = (p) => 10 + p.x * (w + gapX);
    const py = (p) => 10 + p.y * (h + gapY);
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('width', 20 + slot * (w + gapX));
    svg.setAttribute('height', 20 + (maxY + 1) * (h + gapY));
    svg.setAttribute('role', 'tree');
    svg.setAttribute('aria-label', 'search tree');
    const el = (name, attrs, parent, text) => {
      const e = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (text !== undefined) e.textContent = text;
      parent.append(e);
      return e;
    };
    const edge = (from, to, label, cls) => {
      const x1 = px(from) + w / 2, y1 = py(from) + h, x2 = px(to) + w / 2, y2 = py(to);
      el('path', { d: `M${x1},${y1} C${x1},${y1 + gapY / 2} ${x2},${y2 - gapY / 2} ${x2},${y2}`, class: `tedge ${cls}` }, svg);
      el('text', { x: (x1 + x2) / 2 + 3, y: (y1 + y2) / 2, class: `tlabel ${cls}` }, svg, label);
    };
    for (const [key, p] of place) {
      if (typeof key === 'string') continue;
      const n = nodes[key];
      if (n.parent >= 0) edge(place.get(n.parent), p, n.move, nodes[n.parent].best === n.move ? 'best' : '');
      if (open.has(key)) n.pruned.forEach((m, j) => edge(p, place.get(`p${key}_${j}`), m, 'pruned'));
    }
    const mark = { exact: '=', lower: '≥', upper: '≤' };
    for (const [key, p] of place) {
      if (typeof key === 'string') {
        el('text', { x: px(p) + 8, y: py(p) + 14, class: 'tlabel pruned' }, svg, 'pruned');
        continue;
      }
      const n = nodes[key];
      const hidden = !open.has(key) && (kids[key].length || n.pruned.length);
      const g = el('g', { class: `tnode ${n.kind}` + (hidden ? ' closed' : ''), tabindex: 0, role: 'treeitem',
        transform: `translate(${px(p)},${py(p)})`, 'data-node': key }, svg);
      if (kids[key].length || n.pruned.length) g.setAttribute('aria-expanded', open.has(key));
      const summary = `${n.move === null ? 'root' : 'after ' + n.move}: ${n.to_move} to move, depth ${n.depth}, ` +
        `window (${n.alpha}, ${n.beta}), value ${mark[n.bound]} ${n.value}` + (n.kind === 'table' ? ', from the table' : '') +
        (n.pruned.length ? `, ${n.pruned.length} pruned` : '');
      g.setAttribute('aria-label', summary);
      el('title', {}, g, summary);
      el('rect', { width: w, height: h, rx: 4 }, g);
      n.board.split('/').forEach((row, r) => el('text', { x: 8, y: 14 + r * 12 }, g, row.split('').join(' ')));
      el('text', { x: 8, y: rows.length * 12 + 15, class: 'val' }, g,
        `${mark[n.bound]} ${n.value}` + (n.kind === 'table' ? ' TT' : '') + (hidden ? `  ▸${kids[key].length}` : ''));
      el('text', { x: 8, y: rows.length * 12 + 28 }, g, `(${n.alpha}, ${n.beta})`);
    }
    $('tree-view').replaceChildren(svg);
    const focused = svg.querySelector(`[data-node="${state.tree.focus}"]`);
    if (focused && state.tree.hadFocus) focused.focus();
  }

  function toggleTreeNode(target) {
    const g = target.closest('.tnode');
    if (!g || !state.tree) return;
    const i = Number(g.dataset.node);
    if (state.tree.open.has(i)) state.tree.open.delete(i); else state.tree.open.add(i);
    state.tree.focus = i;
    state.tree.hadFocus = true;
    drawTree();
  }

  $('tree-view').addEventListener('click', (e) => toggleTreeNode(e.target));
  $('tree-view').addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    toggleTreeNode(e.target);
  });

  // ---- controls ----

  $('game').addEventListener('change', () => {
    const custom = $('game').value === 'custom';
    $('custom-row').hidden = !custom;
    if (custom) $('custom-game').focus(); else chooseGame($('game').value);
  });
  const loadCustom = () => { if ($('custom-game').value.trim()) chooseGame($('custom-game').value.trim()); };
  $('custom-load').addEventListener('click', loadCustom);
  $('custom-game').addEventListener('keydown', (e) => { if (e.key === 'Enter') loadCustom(); });
  $('mode').addEventListener('change', refresh);
  $('hints').addEventListener('change', refresh);
  $('show-pv').addEventListener('change', refresh);
  $('new').addEventListener('click', newGame);
  $('undo').addEventListener('click', undo);
  $('engine-move').addEventListener('click', () => {
    if (!state.pos || state.pos.game_over) return;
    state.engineNow = true;  // one move by the engine, whoever's turn it is
    refresh();
  });
  $('open-tree').addEventListener('click', () => {
    $('tree-panel').hidden = false;
    $('tree-panel').scrollIntoView({ behavior: 'smooth' });
    buildTree();
  });
  $('tree-build').addEventListener('click', buildTree);
  $('tree-expand').addEventListener('click', () => {
    if (!state.tree) return;
    state.tree.data.nodes.forEach((_, i) => state.tree.open.add(i));
    drawTree();
  });
  $('tree-close').addEventListener('click', () => { closeTree(); $('open-tree').focus(); });

  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest('input, select, textarea')) return;
    if (e.key === 'u') undo();
    else if (e.key === 'n') newGame();
    else if (e.key === 'm') $('engine-move').click();
  });

  // A game named in the address (#game=connect4&moves=4453) opens there.
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get('game')) {
    state.game = params.get('game');
    const known = [...$('game').options].some((o) => o.value === state.game);
    $('game').value = known ? state.game : 'custom';
    if (!known) { $('custom-row').hidden = false; $('custom-game').value = state.game; }
  }
  if (params.get('moves')) state.moves = params.get('moves').split(/\s+/).filter(Boolean);
  if (params.get('mode')) $('mode').value = params.get('mode');
  refresh();
})();
