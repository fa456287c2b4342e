// The replay viewer: a step slider, the arrow keys, and (for a live game) polling for new steps.
// The same script runs in the served page and in the self-contained file `frontier replay --html`.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("game-data").textContent);
  const steps = data.steps;
  const slider = document.getElementById("step");
  const picture = document.getElementById("picture");
  const narrative = document.getElementById("narrative");
  const counter = document.getElementById("counter");
  const story = document.getElementById("story");
  const status = document.getElementById("status");
  const result = document.getElementById("result");
  const clocks = document.getElementById("clocks");
  const permalink = document.getElementById("permalink");
  let current = 0;

  // One number for a step everywhere, the narrative's: version v is step v - 1, version 1 the setup.
  function stepNumber(step) { return step.version - 1; }
  function stepName(step) { return step.version === 1 ? "Setup" : "Step " + stepNumber(step); }

  // ?v=N opens the page at step N (or the first step after it, when N is a step not shown here).
  function startIndex() {
    const wanted = new URLSearchParams(window.location.search).get("v");
    if (wanted !== null && /^[0-9]+$/.test(wanted)) {
      const found = steps.findIndex((step) => stepNumber(step) >= Number(wanted));
      if (found >= 0) return found;
    }
    return steps.length - 1;
  }

  // The address names the step shown, so it can be copied; the newest step needs no ?v (a live
  // game's link then follows the game).
  function linkTo(step, newest) {
    const url = new URL(window.location.href);
    if (newest) url.searchParams.delete("v");
    else url.searchParams.set("v", String(stepNumber(step)));
    permalink.href = url.href;
    try { window.history.replaceState(null, "", url); } catch (error) { /* a file: page may refuse */ }
  }

  function pad(n) { return String(n).padStart(2, "0"); }

  // "1:05:03", "4:59", "2d 03:00:00": what a chess clock shows.
  function timeText(ms) {
    const total = Math.ceil(Math.max(0, ms) / 1000);
    const days = Math.floor(total / 86400), hours = Math.floor(total / 3600) % 24;
    const minutes = Math.floor(total / 60) % 60, seconds = total % 60;
    if (days) return days + "d " + pad(hours) + ":" + pad(minutes) + ":" + pad(seconds);
    if (hours) return hours + ":" + pad(minutes) + ":" + pad(seconds);
    return minutes + ":" + pad(seconds);
  }

  // Each seat's time after the step shown; on the newest step of a live game a running clock
  // counts down to the deadline the server gave.
  function showClocks(step, newest) {
    clocks.replaceChildren();
    clocks.hidden = !(step.clocks && step.clocks.length);
    if (clocks.hidden) return;
    for (const seat of step.clocks) {
      let left = seat.left_ms;
      const now = (data.clocks || []).find((c) => c.seat === seat.seat);
      if (newest && data.status !== "finished" && seat.running && now && now.running && now.deadline) {
        left = Date.parse(now.deadline) - Date.now();
      }
      const item = document.createElement("span");
      item.className = "clock" + (seat.running ? " running" : "") + (left <= 0 ? " flagged" : "");
      item.dataset.seat = String(seat.seat);
      item.textContent = (seat.running ? "▶ " : "") + data.labels[seat.seat] + " " + timeText(left);
      clocks.appendChild(item);
    }
  }

  function storyLine(step, index) {
    const item = document.createElement("li");
    item.textContent = step.narrative;  // text, never markup
    item.dataset.index = String(index);
    item.addEventListener("click", () => show(index));
    return item;
  }

  function show(index) {
    if (steps.length === 0) return;
    current = Math.max(0, Math.min(steps.length - 1, index));
    const step = steps[current];
    slider.max = String(steps.length - 1);
    slider.value = String(current);
    picture.innerHTML = step.picture;  // SVG made and escaped by the server
    picture.dataset.version = String(step.version);
    narrative.textContent = step.narrative;
    const newest = current === steps.length - 1;
    showClocks(step, newest);
    const last = stepNumber(steps[steps.length - 1]);
    counter.textContent = step.version === 1 ? "Setup (step 0 of " + last + ")" : stepName(step) + " of " + last;
    linkTo(step, newest);
    showResult(newest);
    for (const old of story.querySelectorAll(".current")) old.classList.remove("current");
    // The story so far: later lines wait, as the result does, so stepping through tells no ending.
    Array.prototype.forEach.call(story.children, (item, index) => { item.hidden = index > current; });
    const line = story.children[current];
    if (line) {
      line.classList.add("current");
      // Scroll the story list only, never the page (scrollIntoView would move the page too).
      story.scrollTop = line.offsetTop - story.offsetTop - story.clientHeight / 2;
    }
  }

  function showStatus() {
    status.textContent = data.status === "finished" ? "finished" : "in progress";
  }

  // No spoiler: the result is told on the last step only.
  function showResult(newest) {
    const over = data.status === "finished" && data.result;
    result.textContent = over ? (newest ? data.result : "The result is told at the last step.") : "";
    result.className = over && newest ? "told" : "";
  }

  slider.addEventListener("input", () => show(Number(slider.value)));
  document.getElementById("back").addEventListener("click", () => show(current - 1));
  document.getElementById("forward").addEventListener("click", () => show(current + 1));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider) return;  // the slider moves itself on arrow keys
    if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
    if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
  });

  steps.forEach((step, index) => story.appendChild(storyLine(step, index)));
  showStatus();
  show(startIndex());

  // Live games: ask for the steps after the last one every second until the game is over.
  // Polling, not a held-open stream: each answer is a plain redacted response and the
  // server keeps no state per watcher.
  async function poll() {
    if (!data.poll || data.status === "finished") return;
    try {
      const last = steps.length ? steps[steps.length - 1].version : 0;
      const response = await fetch(data.poll + (data.poll.includes("?") ? "&" : "?") + "after=" + last);
      if (response.ok) {
        const update = await response.json();
        const following = current === steps.length - 1;
        for (const step of update.steps) {
          if (step.version <= last) continue;
          steps.push(step);
          story.appendChild(storyLine(step, steps.length - 1));
        }
        data.status = update.status;
        data.result = update.result;
        data.clocks = update.clocks || [];
        showStatus();
        show(following ? steps.length - 1 : current);
      }
    } finally {
      setTimeout(poll, 1000);
    }
  }
  setTimeout(poll, 1000);

  // A running clock ticks between polls.
  if (data.time_control && data.status !== "finished") {
    setInterval(() => {
      if (current === steps.length - 1 && data.status !== "finished") showClocks(steps[current], true);
    }, 250);
  }
})();
