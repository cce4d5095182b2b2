// Updating nested objects through references.
const state = { user: { name: "a", tags: [] }, count: 0 };
const u = state.user;
u.name = "b";
u.tags.push("x");
state.count += 2;
console.log(state);
state.user = { name: "c" };
console.log(u, state.user);
