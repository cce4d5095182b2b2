// An uncaught custom error class with its own name.
class DatabaseError extends Error {
  constructor(table) {
    super("table " + table + " is locked");
    this.name = "DatabaseError";
  }
}
function query(t) { throw new DatabaseError(t); }
try {
  query("users");
} catch (e) {
  console.log("first attempt failed:", e.message);
}
query("orders");
