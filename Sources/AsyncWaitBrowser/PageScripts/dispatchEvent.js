// Dispatches an event of a type (its one argument) on `this`, of the
// interface the type belongs to, with the properties of the object literal
// that the action puts in place of the placeholder below.
function(type) {
  const interfaces = [
    [MouseEvent, ["auxclick", "click", "contextmenu", "dblclick", "mousedown", "mouseenter",
      "mouseleave", "mousemove", "mouseout", "mouseover", "mouseup"]],
    [PointerEvent, ["gotpointercapture", "lostpointercapture", "pointercancel", "pointerdown",
      "pointerenter", "pointerleave", "pointermove", "pointerout", "pointerover", "pointerup"]],
    [KeyboardEvent, ["keydown", "keypress", "keyup"]],
    [FocusEvent, ["blur", "focus", "focusin", "focusout"]],
    [DragEvent, ["drag", "dragend", "dragenter", "dragexit", "dragleave", "dragover", "dragstart", "drop"]],
    [WheelEvent, ["wheel"]],
    [InputEvent, ["beforeinput", "input"]],
    [typeof TouchEvent === "function" ? TouchEvent : Event, ["touchcancel", "touchend", "touchmove", "touchstart"]],
  ];
  const found = interfaces.find(([, types]) => types.includes(type));
  const init = Object.assign({ bubbles: true, cancelable: true, composed: true }, (EVENT_INIT));
  this.dispatchEvent(new (found ? found[0] : Event)(type, init));
  return true;
}
