// The page around the Micro: loads Pyodide and the project's wheel, draws the screen the Python side
// gives (machine/web/page.py) with the font ROM's glyphs, sends keys, keeps the disk in IndexedDB.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { Baton } from "./baton.js";

const DISK = "/disk";
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const state = {
  events: [],        // keys typed since the last frame, for the Python side
  actions: [],       // calls waiting for the page's stack (never two Python calls at once)
  look: null,        // the screen's geometry, colours and glyphs (Page.describe)
  glyphs: new Map(), // one small canvas per character, in the look's colours
  rows: [],
  cursor: null,
  audio: null,
  synced: 0,
  frames: 0,
  kept: null,        // the unsaved program's text, as the last frame gave it (null: nothing to keep)
  owner: true,       // this tab owns the disk (false: another tab does, this one only reads it)
  started: false,    // the Micro takes keys (before: they are kept, TYPED_AHEAD of them at most)
  typedAhead: Infinity,  // how many keys are kept before the Micro starts (the manifest says: seat.TYPED_AHEAD)
};

// The unsaved program is kept in localStorage, written synchronously when the page is hidden or left: a page
// that goes away runs no more Python and finishes no IndexedDB write (machine/web/page.py, Page.adopt). Each
// visit has a key of its own (two tabs do not write over each other); the next visit puts every key's program
// in the recovery slot and removes the keys once the disk holding them is written.
const KEPT = "micro-lse.kept.";
const visit = KEPT + Date.now().toString(36) + Math.random().toString(36).slice(2);

function keepProgram() {
  try {
    if (state.kept) localStorage.setItem(visit, state.kept);
    else localStorage.removeItem(visit);
  } catch (error) { /* no localStorage, or full: the disk's own write is all that is left */ }
}

function keptEarlier() {
  try {
    return Object.keys(localStorage).filter((key) => key.startsWith(KEPT)).sort()
      .map((key) => [key, localStorage.getItem(key)]);
  } catch (error) { return []; }
}

function say(text) { $("status").textContent = text; }

// ------------------------------------------------------------------ drawing
function glyph(ch) {
  let canvas = state.glyphs.get(ch);
  if (canvas) return canvas;
  const look = state.look;
  const bits = look.glyphs[ch] || look.glyphs["\ufffd"];
  canvas = document.createElement("canvas");
  canvas.width = look.font_width;
  canvas.height = look.font_height;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = rgb(look.background);
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = rgb(look.foreground);
  bits.forEach((row, y) => {
    for (let x = 0; x < look.font_width; x++) {
      if (row & (0x80 >> x)) ctx.fillRect(x, y, 1, 1);
    }
  });
  state.glyphs.set(ch, canvas);
  return canvas;
}

function rgb([r, g, b]) { return `rgb(${r},${g},${b})`; }

function draw() {
  const look = state.look;
  const canvas = $("screen");
  const ctx = canvas.getContext("2d");
  ctx.imageSmoothingEnabled = false;
  ctx.fillStyle = rgb(look.background);
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const w = look.cell_width, h = look.cell_height;  // a margin of one cell all round
  state.rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      if (ch !== " ") ctx.drawImage(glyph(ch), (x + 1) * w, (y + 1) * h, w, h);
    });
  });
  if (state.cursor) {
    const [row, col] = state.cursor;
    const bar = Math.round(2 * h / look.font_height);  // as tall as two rows of dots (look.py)
    ctx.fillStyle = rgb(look.foreground);
    ctx.fillRect((col + 1) * w, (row + 2) * h - bar, w, bar);
  }
}

// The height of what is not the screen (the tube's frame, the status line, the controls, the page's margins), for
// the style's --below: the screen is drawn no taller than the window leaves it (style.css).
function fitScreen() {
  const screen = $("screen").getBoundingClientRect().height;
  const page = document.querySelector("main").getBoundingClientRect().height;
  document.documentElement.style.setProperty("--below", `${Math.ceil(page - screen)}px`);
}

function setLook(json) {
  state.look = JSON.parse(json);
  state.glyphs.clear();
  const look = state.look;
  const canvas = $("screen");
  canvas.width = (look.columns + 2) * look.cell_width;
  canvas.height = (look.rows + 2) * look.cell_height;
  $("tube").style.background = rgb(look.background);
  document.title = `micro-lse — ${look.title}`;
  draw();
  fitScreen();
}

// ------------------------------------------------------------------ sound, pictures, disk
function ring() {
  const look = state.look;
  try {
    state.audio ||= new AudioContext();
    const audio = state.audio;
    const wave = audio.createOscillator();
    const gain = audio.createGain();
    wave.type = "square";
    wave.frequency.value = look.bell_hz;
    gain.gain.value = 0.25;  // as the desktop's beep (machine/sound.py VOLUME)
    wave.connect(gain).connect(audio.destination);
    wave.start();
    wave.stop(audio.currentTime + look.bell_ms / 1000);
    state.rings = (state.rings || 0) + 1;
  } catch (error) { /* no audio: the Micro stays silent */ }
}

function savePng() {
  $("screen").toBlob((blob) => {
    const link = document.createElement("a");
    const now = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
    link.download = `micro-lse-${now}.png`;
    link.href = URL.createObjectURL(blob);
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }, "image/png");
}

function syncDisk(py) {
  if (!state.owner) return Promise.resolve(false);  // another tab's disk: written by that tab alone
  return new Promise((resolve) => {
    py.FS.syncfs(false, (error) => {
      if (error) say("DISQUE NON GARDE DANS CE NAVIGATEUR");
      else state.synced += 1;
      resolve(!error);
    });
  });
}

// Decision: one tab owns the disk (the Web Locks API: the lock is held while the tab lives); another tab of the
// same site reads the disk as it was when it started and writes nothing (the Micro refuses each write), rather
// than each tab writing its own copy over the other's. When the owner goes, the next tab takes the lock, reads
// the disk again and owns it. A browser without Web Locks (a page served over plain http from another host than
// this one) gives each tab the disk, as before.
const LOCK = "micro-lse.disk";

function claimDisk() {
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      return lock && new Promise(() => {});  // held until the page goes
    }).catch(() => resolve(true));
  });
}

function awaitDisk(py, page) {
  navigator.locks.request(LOCK, () => new Promise((held) => {  // granted when the owner's tab is gone
    state.actions.push(async () => {
      const read = await new Promise((resolve) => py.FS.syncfs(true, (error) => resolve(!error)));
      if (!read) { held(); return; }  // the disk could not be read again: another tab may take it
      page.own_disk();
      state.owner = true;
    });
  }));
}

async function mountDisk(py) {
  py.FS.mkdirTree(DISK);
  try {
    py.FS.mount(py.FS.filesystems.IDBFS, {}, DISK);
    await new Promise((resolve, reject) => py.FS.syncfs(true, (e) => (e ? reject(e) : resolve())));
    return true;
  } catch (error) {
    return false;  // no IndexedDB (a private window): the disk lives as long as the page
  }
}

// ------------------------------------------------------------------ keys
const NAMED = new Set(["Enter", "Escape", "Backspace", "Delete", "Insert", "ArrowLeft", "ArrowRight",
  "ArrowUp", "ArrowDown", "Home", "End"]);

function keyDown(event) {
  if (event.key === "F10") { toggleFullscreen(); }
  else if (event.key === "F11") { send(["turbo"]); }
  else if (event.key === "F12") { if (state.look) savePng(); }
  else if (event.ctrlKey && event.key.toLowerCase() === "c") { send(["key", "Escape"]); }
  else if (layoutCharacter(event)) { send(["text", event.key]); }
  else if (event.ctrlKey || event.metaKey || event.altKey) { return; }  // the browser's own (Ctrl-V: paste)
  else if (NAMED.has(event.key)) { send(["key", event.key, event.shiftKey]); }
  else if (event.key.length === 1) { send(["text", event.key]); }
  else { return; }
  event.preventDefault();
  state.audio ||= new AudioContext();  // a key is a gesture: sound may start from now on
}

// Decision: keys typed while Pyodide loads are kept for the Micro, as the window keeps those typed while a program
// runs (machine/frontends/seat.py, TYPED_AHEAD): characters, Backspace, Return, a paste and F11, up to TYPED_AHEAD
// of them (past them a key is dropped, as a full keyboard buffer's); a key that moves the cursor has no line to move
// in yet. Esc (or Ctrl-C) drops them. They were dropped: the listener was set once the Micro had started.
const KEPT_KEYS = new Set(["Enter", "Backspace"]);

function send(event) {
  if (state.started) { state.events.push(event); return; }
  if (event[0] === "key" && event[1] === "Escape") state.events = [];
  else if (event[0] === "key" && !KEPT_KEYS.has(event[1])) return;
  else if (state.events.length < state.typedAhead) state.events.push(event);
  const kept = state.events.filter(([kind]) => kind !== "turbo").length;
  say(`CHARGEMENT DU MICRO...${kept ? ` (${kept} TOUCHE${kept > 1 ? "S" : ""} EN ATTENTE)` : ""}`);
}

// A character the keyboard's layout makes with AltGr (Ctrl and Alt on Windows) or Option (Alt on a Mac): the [ ]
// # \ of a French keyboard. Cmd, Ctrl alone, and Alt with a letter or a digit (Alt-F: a menu) stay the browser's.
function layoutCharacter(event) {
  if (event.key.length !== 1 || event.metaKey || !event.altKey) return false;
  return event.ctrlKey || !/[a-z0-9]/i.test(event.key);
}

// A file is read no further than a program may be: past it the Micro says PROGRAMME TROP GRAND. Its text, or
// undefined (None to Python) if it is not UTF-8 (a picture, a document): FICHIER ILLISIBLE, as on the desktop.
async function programText(file) {
  const bytes = await file.slice(0, state.look.max_program_bytes + 1).arrayBuffer();
  try {  // (streamed: a character cut at the limit is no error)
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
  } catch (error) { return undefined; }
}

function toggleFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen();
  else $("tube").requestFullscreen().catch(() => {});
}

// ------------------------------------------------------------------ the Micro
// A reason the Micro cannot start that the page says as it is (upper-case French), not a bug shown as one.
class Refusal extends Error {}

async function boot() {
  if (typeof WebAssembly.Suspending !== "function") {
    throw new Refusal("CE NAVIGATEUR NE SAIT PAS SUSPENDRE WEBASSEMBLY (JSPI): IL FAUT CHROMIUM 137 OU PLUS");
  }
  const manifest = await (await fetch("manifest.json")).json();
  state.typedAhead = manifest.typed_ahead;
  state.events.splice(state.typedAhead);
  const py = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
  state.owner = await claimDisk();
  const kept = await mountDisk(py);
  const wheel = await (await fetch(manifest.wheel)).arrayBuffer();
  py.unpackArchive(wheel, "wheel");
  window.lseBaton = new Baton();
  const pageModule = py.pyimport("machine.web.page");
  const promised = py.pyimport("machine.web.promised");
  promised.own_collection();
  const profile = params.get("profile") || "micro40";
  const earlier = state.owner ? keptEarlier() : [];  // another tab's own copies, or ones its owner adopts
  const page = pageModule.Page(profile, DISK, promised.browser_suspension,
    JSON.stringify(earlier.map(([, text]) => text)), !state.owner);
  if (!state.owner) awaitDisk(py, page);
  // Without IndexedDB the slot lives as long as the page: the copies stay for a visit that can keep them.
  if (earlier.length && page.adopted && kept && await syncDisk(py)) {
    for (const [key] of earlier) localStorage.removeItem(key);
  }
  const call = (name, ...args) => new Promise((resolve, reject) => {
    state.actions.push(() => page[name].callPromising(...args).then(resolve, reject));
  });
  const describe = () => call("describe", $("monitor").value, $("aspect").value, 2).then(setLook);
  await page.describe.callPromising($("monitor").value, $("aspect").value, 2).then(setLook);
  controls(call, describe, py);
  window.micro = {  // for the page's tests and for anyone at the console
    ready: true,
    screen: () => state.rows.map((row) => row.trimEnd()).join("\n"),
    cycles: () => call("cycles"),
    synced: () => state.synced,
    sync: () => syncDisk(py),  // write the disk to IndexedDB now
    frames: () => state.frames,
    rings: () => state.rings || 0,
    look: () => state.look,
    open: (text) => call("open", text),
    link: () => call("link"),
    diskKept: kept,
    owner: () => state.owner,
  };
  if (location.hash.startsWith("#prog=")) await page.open_link.callPromising(location.hash);
  say(`${state.look.title} · PRET`);
  state.started = true;  // the keys kept meanwhile go with the first frame
  loop(page, py);
}

async function loop(page, py) {
  for (;;) {
    while (state.actions.length) await state.actions.shift()();
    const events = JSON.stringify(state.events);
    state.events = [];
    let reply;
    try {
      // A frame that can run no program needs no stack of its own: called plainly, it makes no JSPI task,
      // so Chromium's stack switching is used only while a program runs or keys may start one.
      reply = events === "[]" && page.still() ? page.frame(events) : await page.frame.callPromising(events);
    } catch (error) {
      say("ERREUR INTERNE DU MICRO (VOIR LA CONSOLE)");
      console.error(error);
      return;
    }
    state.frames += 1;
    if (reply) {
      const screen = JSON.parse(reply);
      state.rows = screen.rows;
      state.cursor = screen.cursor;
      draw();
      for (let i = 0; i < screen.rings; i++) ring();
      if ("kept" in screen) state.kept = screen.kept;
      if (screen.sync) await syncDisk(py);
      $("turbo").setAttribute("aria-pressed", String(screen.turbo));
      say(`${state.look.profile} · ${screen.running ? "EN COURS" : "PRET"} · ${screen.cycles} CYCLES` +
          (screen.turbo ? " · TURBO" : "") + (state.owner ? "" : " · DISQUE EN LECTURE SEULE (UN AUTRE ONGLET L'A)"));
    }
    // The next frame; a hidden page gets no frames, so a timer lets its last calls (keep the disk) run.
    await new Promise((resolve) => { requestAnimationFrame(resolve); setTimeout(resolve, 250); });
  }
}

// Decision: a control, once used, gives the keyboard back to the Micro's screen, or what is typed next never
// reaches the Micro and Return presses the button again. A menu walked with the arrow keys keeps them (each
// arrow is a change) until Return or Esc, which say the choice is made; `choose` acts on a choice made (a
// click, a menu's choice or its Return), never on an arrow's change.
function handsBack(control, choose = () => {}) {
  const menu = control.tagName === "SELECT";
  let walking = false;
  control.addEventListener("keydown", (event) => {
    walking = menu && event.key.startsWith("Arrow");
    if (menu && event.key === "Enter") choose();
    if (menu && (event.key === "Enter" || event.key === "Escape")) keysBack();
  });
  control.addEventListener(menu ? "change" : "click", () => {
    if (!walking) {
      choose();
      keysBack();
    }
    walking = false;
  });
}

function controls(call, describe, py) {
  const look = state.look;
  if (params.get("embed") === "1") document.body.classList.add("embed");
  $("controls").hidden = false;
  fitScreen();
  window.addEventListener("resize", fitScreen);
  const around = new ResizeObserver(fitScreen);  // the controls wrapped again, a font came, the link shown
  for (const id of ["controls", "status", "link-row", "keys-row"]) around.observe($(id));
  for (const name of look.book) $("book").append(new Option(name, name));
  for (const name of look.profiles) $("profile").append(new Option(name, name, false, name === look.profile));
  handsBack($("book"), () => {
    if ($("book").value) call("open_book", $("book").value);
    $("book").value = "";  // the same program can be chosen again
  });
  $("book").onblur = () => { $("book").value = ""; };  // walked, then left with Esc: nothing chosen
  $("profile").onchange = () => call("switch", $("profile").value).then(describe);
  $("monitor").onchange = describe;
  $("aspect").onchange = describe;
  $("esc").onclick = () => state.events.push(["key", "Escape"]);
  $("turbo").onclick = () => state.events.push(["turbo"]);
  $("png").onclick = savePng;
  $("full").onclick = toggleFullscreen;
  $("open").onclick = () => $("file").click();
  $("file").onchange = async () => {
    const file = $("file").files[0];
    $("file").value = "";  // the same file chosen again (changed since, or run again) is a change too
    if (file) await call("open_file", file.name, await programText(file));
    keysBack();
  };
  $("paste").onclick = () => $("paste-dialog").showModal();
  $("paste-dialog").onclose = () => {
    if ($("paste-dialog").returnValue === "run") call("open", $("listing").value);
    keysBack();
  };
  $("share").onclick = async () => {
    const url = `${location.origin}${location.pathname}${location.search}#${await call("link")}`;
    $("link").value = url;
    $("link-row").hidden = false;
    navigator.clipboard?.writeText(url).then(() => say("LIEN COPIE"), () => {});
    keysBack();  // the link is copied, and shown for a person to select by hand
  };
  for (const id of ["open", "esc", "turbo", "png", "full", "share", "profile", "monitor", "aspect"]) handsBack($(id));
  const tube = $("tube");
  tube.ondragover = (event) => { event.preventDefault(); document.body.classList.add("dragging"); };
  tube.ondragleave = () => document.body.classList.remove("dragging");
  tube.ondrop = async (event) => {
    event.preventDefault();
    document.body.classList.remove("dragging");
    const file = event.dataTransfer.files[0];
    if (file) call("open_file", file.name, await programText(file));
  };
  window.addEventListener("hashchange", () => {  // another link followed on the same page
    if (location.hash.startsWith("#prog=")) call("open_link", location.hash);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keepProgram();
    else { try { localStorage.removeItem(visit); } catch (error) { /* none to remove */ } }  // back: alive
  });
  window.addEventListener("pagehide", keepProgram);
  window.addEventListener("beforeunload", keepProgram);
  keysBack();
}

// Decision: a phone or a tablet brings up its keyboard only for a field, so the page has one under the screen
// (style.css shows it where the pointer is a finger) and a touch on the screen goes to it. A virtual keyboard's
// characters come as the field's input (its keydown says "Unidentified"), so what the field holds past its one
// blank is sent as text, and the blank gone is a Backspace; Return and a hardware keyboard's keys go through
// keyDown as the screen's do. A word the keyboard is still composing is sent once composed.
const BLANK = " ";

function typedOnTouch(event) {
  const field = $("keys");
  if (event.isComposing) return;
  const value = field.value;
  if (!value.startsWith(BLANK)) send(["key", "Backspace", false]);
  for (const ch of value.startsWith(BLANK) ? value.slice(BLANK.length) : value) send(["text", ch]);
  field.value = BLANK;
  field.setSelectionRange(BLANK.length, BLANK.length);
}

function touchKeys() {
  const field = $("keys");
  field.addEventListener("keydown", keyDown);
  field.addEventListener("input", typedOnTouch);
  field.addEventListener("compositionend", typedOnTouch);
  field.addEventListener("focus", () => field.setSelectionRange(BLANK.length, BLANK.length));
  $("screen").addEventListener("pointerdown", (event) => {
    if (event.pointerType === "touch" && getComputedStyle($("keys-row")).display !== "none") {
      event.preventDefault();  // the screen does not take the focus back
      field.focus();
    }
  });
}

// The keys go back to the screen, or on a touch screen to the field that brings up its keyboard.
function keysBack() {
  const field = $("keys");
  (getComputedStyle($("keys-row")).display === "none" ? $("screen") : field).focus();
}

function listen() {
  $("screen").addEventListener("keydown", keyDown);
  touchKeys();
  document.addEventListener("paste", (event) => {
    if (event.target.closest?.("dialog, input:not(#keys), textarea")) return;  // pasted into a field, not the Micro
    const text = event.clipboardData.getData("text");
    if (text) { send(["paste", text]); event.preventDefault(); }
  });
  $("screen").focus();
}

listen();  // before the Micro starts: what is typed meanwhile is kept
boot().catch((error) => {
  $("controls").hidden = true;  // they would act on no Micro
  console.error(error);
  if (location.protocol === "file:") { window.failedToLoad(); return; }  // a browser that ran the module: how to serve it
  say(error instanceof Refusal ? error.message : "LE MICRO N'A PAS PU DEMARRER (VOIR LA CONSOLE)");
  window.microFailure = String(error);  // the page's tests stop waiting at once
});
