//! Builtins that act on the program: `defineFunction`, `eval`, `exit`, `registerShutdownHook`,
//! and the frame-inspecting `stacktrace` and `helloEqualsWorld`.

use std::rc::Rc;

use porcini::{Frame, GuestError, SlotId, Stage, Unwind, Value};

use super::type_error;
use crate::Sl;
use crate::load::{LoadError, load};
use crate::runtime::display::display;
use crate::runtime::state::EvalEntry;

fn arg(args: &[Value], i: usize) -> Value {
    args.get(i).copied().unwrap_or(Value::NULL)
}

/// `defineFunction(code)`: parses and registers every function of `code`; runs nothing.
pub fn define_function(f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let code = arg(args, 0);
    let Some(text) = code.as_str() else { return Err(type_error("defineFunction", args)) };
    load(f.runtime(), text.as_str(), "[defineFunction]").map_err(LoadError::into_unwind)?;
    Ok(code)
}

/// `eval(lang, code)`: for `"sl"`, registers the functions of `code` (once per distinct code) and
/// calls its `main`.
pub fn eval(f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let (Some(lang), Some(code)) = (arg(args, 0).as_str(), arg(args, 1).as_str()) else {
        return Err(type_error("eval", args));
    };
    if lang.as_str() != "sl" {
        return Err(GuestError::raise(format!(
            "A language with id '{}' is not installed. Installed languages are: [sl].",
            lang.as_str()
        )));
    }
    let rt = f.runtime();
    let cached = rt.lang.eval_cache.borrow().get(code.as_str()).cloned();
    let entry = match cached {
        Some(e) => e,
        None => {
            let main = load(rt, code.as_str(), "(eval)").map_err(LoadError::into_unwind)?;
            let e = Rc::new(EvalEntry { main });
            rt.lang.eval_cache.borrow_mut().insert(code.as_str().to_string(), e.clone());
            e
        }
    };
    match &entry.main {
        Some(main) => {
            let mark = f.begin_args();
            f.call(main, mark)
        }
        None => Ok(Value::NULL),
    }
}

/// `exit(code)`: ends the program with `code` (a small number) after the shutdown hooks.
pub fn exit(_f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    match arg(args, 0).as_i64() {
        Some(code) => Err(Unwind::error(GuestError::Exit(code as i32))),
        None => Err(type_error("exit", args)),
    }
}

/// `registerShutdownHook(f)`: runs `f` when the program ends.
pub fn register_shutdown_hook(f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let hook = arg(args, 0);
    if hook.as_function().is_none() {
        return Err(type_error("registerShutdownHook", args));
    }
    f.lang().hooks.borrow_mut().push(hook);
    Ok(Value::NULL)
}

/// `stacktrace()`: one line per active SL call, innermost first, with the assigned locals.
pub fn stacktrace(f: &mut Frame<'_, Sl>, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    let mut lines = Vec::new();
    let mut frame = f.caller();
    while let Some(fr) = frame {
        let Some(target) = fr.target() else { break };
        let root = target.root();
        if root.is_internal() {
            break;
        }
        let mut line = format!("Frame: root {}", root.name());
        let desc = root.frame_descriptor();
        for (i, cell) in fr.slot_cells().iter().enumerate() {
            let v = cell.get();
            if !v.is_empty() {
                line.push_str(&format!(", {}={}", desc.name(SlotId(i as u32)), display(v)));
            }
        }
        lines.push(line);
        frame = fr.caller();
    }
    Ok(f.runtime().new_string(lines.join("\n")))
}

/// `helloEqualsWorld()`: sets the caller's local `hello` (if any) to `"world"`.
pub fn hello_equals_world(f: &mut Frame<'_, Sl>, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    let world = f.runtime().new_string("world");
    if let Some(caller) = f.caller()
        && let Some(target) = caller.target()
    {
        let desc = target.root().frame_descriptor();
        if let Some(i) = (0..desc.len()).find(|&i| desc.name(SlotId(i as u32)) == "hello") {
            caller.set_slot(SlotId(i as u32), world);
        }
    }
    Ok(world)
}
