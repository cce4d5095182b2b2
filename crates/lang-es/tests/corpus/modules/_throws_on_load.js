// Helper module: throws while being loaded.
console.log("_throws_on_load starts");
throw new Error("module failed to initialise");
