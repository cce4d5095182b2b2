// Classes declared inside functions close over local variables.
function makeIdClass(prefix) {
  let next = 0;
  return class Entity {
    constructor() { this.id = prefix + "-" + next++; }
    static issued() { return next; }
  };
}
const User = makeIdClass("u");
const Order = makeIdClass("o");
const ids = [new User().id, new User().id, new Order().id, new User().id];
console.log(ids, User.issued(), Order.issued());
