// Custom error classes extending Error.
class ValidationError extends Error {
  constructor(field, msg) {
    super(msg);
    this.name = "ValidationError";
    this.field = field;
  }
}
class RequiredError extends ValidationError {
  constructor(field) {
    super(field, field + " is required");
    this.name = "RequiredError";
  }
}
function validate(user) {
  if (user.name === undefined) throw new RequiredError("name");
  if (user.age < 0) throw new ValidationError("age", "age must be positive");
  return "valid";
}
for (const u of [{ name: "a", age: 1 }, { age: 3 }, { name: "b", age: -1 }]) {
  try {
    console.log(validate(u));
  } catch (e) {
    console.log(e.name, e.field, e.message, e instanceof ValidationError, e instanceof RequiredError, e instanceof Error);
    console.log(String(e));
  }
}
