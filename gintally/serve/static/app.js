// gintally serve: the phone's score sheet. Plain JS, no library, nothing from outside.
"use strict";

(function () {
  const body = document.body;
  const csrf = (document.querySelector('meta[name="csrf"]') || {}).content || "";
  const match = body.dataset.match || "";

  // --- joining: the address carries the token after "#join=" (never sent in a request line)
  const joinForm = document.getElementById("join");
  if (joinForm) {
    const error = document.getElementById("error");
    const post = async (fields) => {
      const data = new URLSearchParams(fields);
      data.set("js", "1");
      const r = await fetch("/join", { method: "POST", body: data, credentials: "same-origin" });
      const doc = await r.json();
      if (doc.ok) {
        location.replace(location.pathname + location.search);
        return;
      }
      error.textContent = doc.error;
    };
    // the address opened, or pasted into this tab later (a change of the part after "#"
    // alone loads no page: only this event says it)
    const joinByHash = () => {
      const token = new URLSearchParams(location.hash.slice(1)).get("join");
      if (!token) return;
      history.replaceState(null, "", location.pathname + location.search);
      document.getElementById("joining").hidden = false;
      post({ token: token }).catch((e) => { error.textContent = String(e); });
    };
    joinByHash();
    window.addEventListener("hashchange", joinByHash);
    joinForm.addEventListener("submit", (ev) => {
      ev.preventDefault();
      post({ pin: document.getElementById("pin").value }).catch((e) => { error.textContent = String(e); });
    });
    return;
  }

  const part = document.getElementById("part");
  if (!part) return;

  // --- live: each change anywhere fetches the sheet's live part again; a sheet that can no
  // longer be kept up to date says so above it (a stopped or restarted server, a lost join)
  const lostBox = document.getElementById("lost");
  function lost(text) {
    lostBox.textContent = text;
    lostBox.hidden = !text;
  }
  let fetching = null;
  let again = false;
  async function refresh() {
    if (fetching) { again = true; return fetching; }
    fetching = (async () => {
      do {
        again = false;
        let r;
        try {
          r = await fetch("/part?m=" + encodeURIComponent(match), { credentials: "same-origin" });
        } catch (e) {
          lost("The server does not answer: this sheet may be out of date.");
          return;
        }
        if (r.ok) {
          part.innerHTML = await r.text();
          body.dataset.version = String(Number(body.dataset.version || "0") + 1);
          lost("");
        } else {
          const text = (await r.text()).trim().replace(/^Error: /, "");
          lost("This sheet is no longer kept up to date: " + text);
        }
      } while (again);
    })().finally(() => { fetching = null; });
    return fetching;
  }
  if (window.EventSource) {
    const events = new EventSource("/events");
    let first = true;
    let quiet = null;  // a stream that ends on time reconnects within a second: not lost
    events.addEventListener("hello", () => {
      clearTimeout(quiet);
      quiet = null;
      lost("");
      if (!first) refresh();
      first = false;
    });
    events.addEventListener("change", () => refresh());
    events.addEventListener("error", () => {
      if (events.readyState === EventSource.CLOSED) refresh();  // refused: the answer says why
      else if (quiet === null) {
        quiet = setTimeout(() => lost("The server does not answer: this sheet may be out of date."), 3000);
      }
    });
  } else {
    setInterval(refresh, 2000);  // the fallback: no event streams in this browser
  }

  const pad = document.getElementById("pad");
  if (!pad) return;  // --read-only: a display

  // --- tap to score
  const said = document.getElementById("said");
  const record = document.getElementById("record");
  const state = { player: "", kind: "", field: "deadwood", deadwood: "", vs: "", key: newKey() };
  const players = pad.dataset.players.split("\n");

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return String(Date.now()) + "-" + String(Math.random()).slice(2);
  }

  function show(lines, refused) {
    said.replaceChildren();
    said.className = refused ? "refused" : "done";
    for (const line of lines) {
      const p = document.createElement("p");
      p.textContent = line;
      said.appendChild(p);
    }
  }

  async function post(path, fields) {
    const data = new URLSearchParams(fields);
    data.set("m", match);
    const r = await fetch(path, {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "X-CSRF-Token": csrf },
    });
    let doc;
    try { doc = await r.json(); } catch (e) { doc = { ok: false, error: "Error: " + r.status + " " + r.statusText }; }
    return doc;
  }

  function others() {
    return players.filter((p) => p !== state.player);
  }

  // what the kind tapped takes, as the match's variant declares it (the page says it on the
  // kind's button): its counts (the knocker's deadwood, the other hand's) and its own fields
  function kindButton() {
    return Array.from(pad.querySelectorAll(".kind-btn")).find((b) => b.dataset.kind === state.kind);
  }
  function takes(what) {
    const b = kindButton();
    return b ? b.dataset[what].split(" ").filter(Boolean) : [];
  }

  function draw() {
    for (const b of pad.querySelectorAll(".who-btn")) b.classList.toggle("on", b.dataset.player === state.player);
    for (const b of pad.querySelectorAll(".kind-btn")) b.classList.toggle("on", b.dataset.kind === state.kind);
    const counts = takes("counts");
    for (const l of pad.querySelectorAll("label.own[data-option]")) {
      if (l.dataset.option !== "upcard") l.hidden = !takes("options").includes(l.dataset.option);
    }
    const dw = document.getElementById("deadwood");
    const vs = document.getElementById("vs");
    dw.hidden = !counts.includes("deadwood");
    vs.hidden = !counts.includes("vs");
    dw.querySelector(".label").textContent = (state.player || "Knocker") + " has";
    vs.querySelector(".label").textContent = (players.length === 2 && state.player ? others()[0] : "Other hand") + " has";
    dw.querySelector(".value").textContent = state.deadwood || "–";
    vs.querySelector(".value").textContent = state.vs || "–";
    dw.classList.toggle("on", state.field === "deadwood" && counts.includes("deadwood"));
    vs.classList.toggle("on", state.field === "vs" && counts.includes("vs"));
    let text = "Tap who went down";
    let ready = false;
    if (state.player && !state.kind) {
      const labels = Array.from(pad.querySelectorAll(".kind-btn"), (b) => b.textContent.trim().toLowerCase());
      text = labels.length > 1 ? labels.slice(0, -1).join(", ") + " or " + labels[labels.length - 1] + "?" : labels.join("") + "?";
      text = text.charAt(0).toUpperCase() + text.slice(1);
    } else if (state.player) {
      const word = kindButton().textContent.trim().toLowerCase();
      text = state.player + (state.kind === "knock" ? " knocks" : " goes " + word);
      if (state.kind === "draw") text = "Drawn hand: " + state.player + " has " + (state.deadwood || "?");
      else if (counts.includes("deadwood")) text += " with " + (state.deadwood || "?");
      if (counts.includes("vs")) text += ", other hand " + (state.vs || "?");
      ready = counts.every((c) => state[c] !== "");
    }
    record.textContent = ready ? "Record: " + text : text;
    record.disabled = !ready;
  }

  pad.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b || !pad.contains(b)) return;
    if (b.dataset.player !== undefined) {
      state.player = state.player === b.dataset.player ? "" : b.dataset.player;
    } else if (b.classList.contains("kind-btn")) {
      state.kind = b.dataset.kind;
      state.field = takes("counts")[0] || "";
    } else if (b.classList.contains("count")) {
      state.field = b.dataset.field;
    } else if (b.dataset.digit !== undefined) {
      const field = state.field;
      if (!takes("counts").includes(field)) return;  // no kind tapped yet, or no count
      const d = b.dataset.digit;
      if (d === "back") state[field] = state[field].slice(0, -1);
      else if (d === "clear") state[field] = "";
      else if (state[field].length < 3) state[field] = (state[field] === "0" ? "" : state[field]) + d;
      if (field === "deadwood" && d !== "back" && d !== "clear" && state.deadwood.length >= 2 && takes("counts").includes("vs")) state.field = "vs";
    } else if (b.classList.contains("kind-now")) {
      // a drawn hand names a player only in a team match, to say its table
      submit({ kind: b.dataset.kind, player: players.length > 2 ? state.player : "" });
      return;
    } else if (b.id === "undo") {
      // the sheet as this phone shows it now: if it changed before Yes, nothing is undone
      const seen = (part.querySelector("[data-stamp]") || { dataset: {} }).dataset.stamp || "";
      ask("Undo the latest change of " + match + "?", () => correct("/undo", { seen: seen }));
      return;
    } else {
      return;
    }
    draw();
  });

  let busy = false;
  async function submit(fields) {
    if (busy) return;  // a double tap sends once; a retry sends the same key
    busy = true;
    const sent = { ...fields, key: state.key };
    for (const id of ["cards", "vs_cards", "note", "upcard"]) {
      const input = document.getElementById(id);
      const v = input ? input.value.trim() : "";
      if (v && fields.kind !== "misdeal") sent[id] = v;
    }
    try {
      const doc = await post("/hand", sent);
      state.key = newKey();
      if (doc.ok) {
        show(doc.said, false);
        Object.assign(state, { player: "", kind: "", deadwood: "", vs: "", field: "deadwood" });
        for (const input of pad.querySelectorAll("input")) input.value = "";
        draw();
        refresh();
      } else {
        show([doc.error], true);
      }
    } catch (e) {
      show(["Error: the server did not answer (" + e + "); tap again: it records once"], true);
    } finally {
      busy = false;
    }
  }

  record.addEventListener("click", () => {
    const fields = { kind: state.kind, player: state.player };
    for (const c of takes("counts")) fields[c] = state[c];
    for (const name of takes("options")) {
      const v = document.getElementById("own-" + name).value.trim();
      if (v) fields[name] = v;
    }
    submit(fields);
  });

  // --- corrections: undo, and a tapped hand's void and edit
  const confirmBox = document.getElementById("confirm");
  let onYes = null;
  function ask(text, yes) {
    document.getElementById("confirmtext").textContent = text;
    onYes = yes;
    confirmBox.hidden = false;
    confirmBox.scrollIntoView({ block: "nearest" });
  }
  document.getElementById("confirm-yes").addEventListener("click", () => {
    confirmBox.hidden = true;
    if (onYes) onYes();
  });
  document.getElementById("confirm-no").addEventListener("click", () => { confirmBox.hidden = true; });

  async function correct(path, fields) {
    const doc = await post(path, { ...fields, key: newKey() });
    show(doc.ok ? doc.said : [doc.error], !doc.ok);
    refresh();  // done, or refused as the sheet changed: either way, show it as it is
    return doc;
  }

  const box = document.getElementById("handbox");
  let chosen = "";
  part.addEventListener("click", (ev) => {
    const b = ev.target.closest("button.hand");
    if (!b) return;
    chosen = b.dataset.hand;
    document.getElementById("handtitle").textContent = "Hand " + chosen;
    document.getElementById("handtext").textContent = b.dataset.text;
    document.getElementById("e-error").textContent = "";
    for (const e of box.querySelectorAll("input, select")) e.value = "";
    if (box.showModal) box.showModal(); else box.setAttribute("open", "");
  });
  async function fromBox(path, fields) {
    fields.hand = chosen;
    fields.reason = document.getElementById("e-reason").value.trim();
    const doc = await post(path, { ...fields, key: newKey() });
    if (doc.ok) {
      box.close();
      show(doc.said, false);
      refresh();
    } else {
      document.getElementById("e-error").textContent = doc.error;
    }
  }
  document.getElementById("e-void").addEventListener("click", () => fromBox("/void", {}));
  document.getElementById("e-edit").addEventListener("click", () => {
    const fields = {};
    for (const name of ["player", "kind", "deadwood", "vs"]) {
      const e = document.getElementById("e-" + name);
      const v = e ? e.value.trim() : "";
      if (v) fields[name] = v;
    }
    for (const e of box.querySelectorAll("input[data-option]")) {
      if (e.value.trim()) fields[e.dataset.option] = e.value.trim();
    }
    fromBox("/edit", fields);
  });

  draw();
})();
