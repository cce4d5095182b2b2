// An uncaught TypeError from calling a class without new.
class Widget { constructor() { this.w = 1; } }
const w = new Widget();
console.log(w.w);
const broken = Widget();
