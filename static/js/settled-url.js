/* A page answered to a POST (a draw with its codes shown once) says where it
   really lives: the address bar and the history take that URL, so going
   back to it, or reloading, asks for the page again instead of sending the
   form twice or landing on the offline copy. */
(function () {
  var url = document.body.getAttribute("data-settled-url");
  if (url && window.history && history.replaceState) {
    history.replaceState(null, "", url);
  }
})();
