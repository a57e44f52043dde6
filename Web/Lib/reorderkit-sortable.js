// ReorderKit for pages written for SortableJS: a classic script that defines `window.Sortable`.
// Swap the <script src> and nothing else changes:
//
//   <script src="lib/reorderkit-sortable.js"></script>
//   <script>new Sortable(document.getElementById("list"), { animation: 150 });</script>
//
// The module (reorderkit.js, beside this file) and the engine load asynchronously; a list made
// before they are ready starts working when they are.
(function () {
  "use strict";
  var base = document.currentScript && document.currentScript.src ? document.currentScript.src : document.baseURI;
  var real = null;
  var waiting = [];
  // The engine is fetched and compiled now, and the module's files asked for all at once (not one
  // import after another); engine.js takes the compiled engine up.
  var wasm = new URL("reorderkit.wasm", base).href;
  window.__reorderkitEngine = {
    url: wasm,
    module: fetch(wasm).then(function (response) {
      if (!response.ok) throw new Error(("HTTP " + response.status + " " + response.statusText).trim());
      return response.arrayBuffer();
    }).then(function (bytes) { return WebAssembly.compile(bytes); }),
  };
  window.__reorderkitEngine.module.catch(function () {});
  ["reorderkit.js", "sortable.js", "engine.js", "options.js", "measure.js", "surface.js", "events.js", "input.js", "virtual.js"].forEach(function (file) {
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = new URL(file, base).href;
    document.head.appendChild(link);
  });
  var loaded = import(new URL("reorderkit.js", base).href).then(function (module) {
    real = module.Sortable;
    waiting.splice(0).forEach(function (shim) { shim._start(); });
    return real;
  }, function (error) {
    console.error("ReorderKit: " + new URL("reorderkit.js", base).href + " could not be loaded (" + error.message + "); the lists stay as they are.");
  });

  function Sortable(el, options) {
    if (!(this instanceof Sortable)) throw new TypeError("Sortable: use `new Sortable(el, options)`");
    if (!(el instanceof Element)) throw new TypeError("Sortable: `el` must be an HTMLElement");
    this.el = el;
    this.options = Object.assign({}, options || {});
    this._real = null;
    this._destroyed = false;
    el.__reorderkitShim = this;
    if (real) this._start(); else waiting.push(this);
  }
  Sortable.prototype._start = function () {
    if (this._destroyed) return;
    this._real = new real(this.el, this.options);
    this.options = this._real.options;
  };
  Sortable.prototype.option = function (name, value) {
    if (this._real) return arguments.length < 2 ? this._real.option(name) : this._real.option(name, value);
    if (arguments.length < 2) return this.options[name];
    this.options[name] = value;
  };
  Sortable.prototype.toArray = function () {
    if (this._real) return this._real.toArray();
    var attr = this.options.dataIdAttr || "data-id";
    return Array.prototype.map.call(this.el.children, function (item) { return item.getAttribute(attr); });
  };
  ["sort", "save", "undo", "redo"].forEach(function (name) {
    Sortable.prototype[name] = function () {
      var self = this, args = arguments;
      if (self._real) return self._real[name].apply(self._real, args);
      loaded.then(function () { if (self._real) self._real[name].apply(self._real, args); });
    };
  });
  Sortable.prototype.destroy = function () {
    this._destroyed = true;
    if (this._real) this._real.destroy();
    delete this.el.__reorderkitShim;
  };
  Sortable.create = function (el, options) { return new Sortable(el, options); };
  Sortable.get = function (el) { return el && el.__reorderkitShim; };
  Sortable.ready = loaded;
  window.Sortable = Sortable;
})();
