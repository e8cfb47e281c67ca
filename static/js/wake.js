/* A night's pages keep the phone's screen on (the Screen Wake Lock API, where
   the browser has it): the scorekeeper's phone lies on the table between
   hands and must not be asleep when the next one is called.  The browser
   lets the lock go when the page is hidden (another app, the screen off by
   hand); it is asked again when the page is shown.  Where there is no such
   API, or the browser says no (a low battery), the phone sleeps as it would. */
(function () {
  "use strict";
  if (!("wakeLock" in navigator)) return;
  let lock = null;

  async function keepAwake() {
    if (document.visibilityState !== "visible" || lock) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch (error) {
      lock = null;  // refused: the screen sleeps as it would
    }
  }

  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();
})();
