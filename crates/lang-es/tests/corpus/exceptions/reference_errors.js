// ReferenceErrors from undeclared names and the temporal dead zone.
try { undeclaredThing; } catch (e) { console.log(e.name, e.message); }
try { undeclaredFn(); } catch (e) { console.log(e.name, e.message); }
try { tdz; let tdz = 1; } catch (e) { console.log(e.name, e.message); }
try {
  class Derived extends Object { constructor() { this.x = 1; super(); } }
  new Derived();
} catch (e) {
  console.log(e.name, e.message);
}
