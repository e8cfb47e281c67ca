/* The event's big screen: show the standings and the tables in turn, every
   15 seconds.  Without this script both show, one above the other. */
(function () {
  var body = document.body;
  body.classList.add("alternate", "show-standings");
  setInterval(function () {
    body.classList.toggle("show-standings");
    body.classList.toggle("show-seating");
  }, 15000);
})();
