"""python -m cyclecheck_runtime [options] script.py args...

Runs the script as __main__ with its own arguments (its output, exceptions and exit code unchanged),
records the cycles the collector frees, and writes a report at exit (also after an exception,
sys.exit or Ctrl-C). Reports go to --output-file, else to stderr so the script's stdout stays its own."""
import argparse
import gc
import json
import os
import signal
import sys
import traceback
import types

OUTPUT_FORMATS = ("full", "concise", "text", "json", "sarif")
EXIT_USAGE = 2


def _parser():
    p = argparse.ArgumentParser(prog="python -m cyclecheck_runtime", description=__doc__.split("\n\n")[1],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--output-format", default="full", help="full (text, the default), concise, json or sarif")
    p.add_argument("-o", "--output-file", help="write the report here instead of stderr")
    p.add_argument("--findings", help="static findings (JSON or SARIF from `cyclecheck check`) to confirm")
    p.add_argument("--dot-dir", help="write one graph per cycle shape into this directory")
    p.add_argument("--svg", action="store_true", help="with --dot-dir, also write SVG")
    p.add_argument("--trace-alloc", action="store_true", help="allocation sites through tracemalloc (slow)")
    p.add_argument("--collect-per-step", action="store_true",
                   help="disable automatic collection and collect once per optimizer step")
    p.add_argument("--no-final-collection", action="store_true",
                   help="do not collect once more when the script ends")
    p.add_argument("--gc-setting", default=None, help=argparse.SUPPRESS)  # used by gc-bench children
    p.add_argument("--bench-json", default=None, help=argparse.SUPPRESS)
    p.add_argument("--gc-bench", action="store_true",
                   help="run the script under several collector settings and compare (see gcbench)")
    p.add_argument("--repeat", type=int, default=1, help="with --gc-bench: runs per setting (best is kept)")
    p.add_argument("--show-output", action="store_true", help="with --gc-bench: show the script's output")
    p.add_argument("script", help="the Python script to run")
    p.add_argument("args", nargs=argparse.REMAINDER, help="the script's own arguments")
    return p


def _fail(message):
    sys.stderr.write("cyclecheck run: error: %s\n" % message)
    return EXIT_USAGE


def _run_script(path, argv):
    """Runs ``path`` as __main__ the way the interpreter would. Returns (exit code, exception text,
    interrupted, module): the module is kept alive so its globals are not mistaken for garbage."""
    with open(path, "rb") as fh:
        source = fh.read()
    code = compile(source, path, "exec")
    module = types.ModuleType("__main__")
    module.__file__ = path
    module.__builtins__ = __builtins__
    module.__cached__ = None
    module.__spec__ = None
    saved_main, saved_argv, saved_path0 = sys.modules.get("__main__"), sys.argv, sys.path[0]
    sys.modules["__main__"] = module
    sys.argv = [path] + list(argv)
    sys.path[0] = os.path.dirname(os.path.abspath(path))
    exit_code, exception, interrupted = 0, None, False
    try:
        exec(code, module.__dict__)
    except SystemExit as exc:
        if exc.code is None:
            exit_code = 0
        elif isinstance(exc.code, int):
            exit_code = exc.code
        else:
            sys.stderr.write("%s\n" % (exc.code,))
            exit_code = 1
    except KeyboardInterrupt:
        interrupted = True
        exception = "KeyboardInterrupt"
        _print_user_traceback(path)
        exit_code = 128 + signal.SIGINT
    except BaseException as exc:  # noqa: B902 - report any failure the way Python does
        exception = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        _print_user_traceback(path)
        exit_code = 1
    finally:
        sys.argv = saved_argv
        sys.path[0] = saved_path0
    # sys.modules["__main__"] stays the script's module until the report is written: the final
    # collection and the site lookups (inspect) resolve the script's classes through it.
    return exit_code, exception, interrupted, (module, saved_main)


def _print_user_traceback(path):
    """Prints the pending exception as Python would, without this runner's own frames."""
    etype, value, tb = sys.exc_info()
    while tb is not None and tb.tb_frame.f_code.co_filename != path:
        tb = tb.tb_next
    sys.stderr.write("".join(traceback.format_exception(etype, value, tb)))
    sys.stderr.flush()
    del etype, value, tb


def _write(text, output_file):
    if output_file:
        with open(output_file, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stderr.write(text)
        sys.stderr.flush()


def apply_gc_setting(name, monitor_options):
    import gc
    if name in (None, "default"):
        return
    if name == "gen0-10":
        gc.set_threshold(10, *gc.get_threshold()[1:])
    elif name == "gen0-1000":
        gc.set_threshold(1000, *gc.get_threshold()[1:])
    elif name == "disabled":
        gc.disable()
    elif name == "collect-per-step":
        monitor_options["collect_per_step"] = True
    elif name == "freeze":
        monitor_options["freeze_at_first_step"] = True
    else:
        raise ValueError("unknown collector setting %r" % name)


def main(argv):
    args = _parser().parse_args(argv)
    if args.args and args.args[0] == "--":
        args.args = args.args[1:]
    if args.script == "--" and args.args:
        args.script, args.args = args.args[0], args.args[1:]
    if args.gc_bench:
        from .gcbench import run_bench
        return run_bench(args.script, args.args, repeat=max(1, args.repeat), show_output=args.show_output,
                         output_file=args.output_file)
    fmt = args.output_format.lower()
    if fmt not in OUTPUT_FORMATS:
        return _fail("unsupported --output-format %r for run (use one of: %s)" % (fmt, ", ".join(OUTPUT_FORMATS)))
    script = os.path.abspath(args.script)
    if not os.path.isfile(script):
        return _fail("no such script: %s" % args.script)
    findings = None
    if args.findings:
        from .findings import FindingsError, load_findings
        try:
            findings = load_findings(args.findings)
        except FindingsError as exc:
            return _fail(str(exc))
    if args.output_file:
        out_dir = os.path.dirname(os.path.abspath(args.output_file))
        if not os.path.isdir(out_dir):
            return _fail("cannot write %s: no such directory" % args.output_file)

    from .monitor import Monitor
    options = {"observe_cycles": args.bench_json is None, "trace_alloc": args.trace_alloc,
               "user_roots": [os.path.dirname(script)], "collect_per_step": args.collect_per_step}
    try:
        apply_gc_setting(args.gc_setting, options)
    except ValueError as exc:
        return _fail(str(exc))
    monitor = Monitor(**options)
    gc.collect()  # our own start-up garbage (argparse) is not the script's
    monitor.start()
    exit_code, exception, interrupted, module = _run_script(script, args.args)
    # A second Ctrl-C while the report is written should not lose it: ignore SIGINT from here on.
    previous_sigint = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        monitor.stop(final_collection=not args.no_final_collection and options["observe_cycles"])
        if args.bench_json:
            from .gcbench import child_result
            with open(args.bench_json, "w", encoding="utf-8") as fh:
                json.dump(child_result(monitor, exit_code), fh)
            return exit_code
        _report(monitor, args, fmt, findings,
                {"script": os.path.relpath(script) if not os.path.relpath(script).startswith("..") else script,
                 "argv": list(args.args), "exit_code": exit_code, "exception": exception,
                 "interrupted": interrupted})
    finally:
        signal.signal(signal.SIGINT, previous_sigint)
        if module[1] is not None:
            sys.modules["__main__"] = module[1]
        del module
    sys.stdout.flush()
    return exit_code


def _report(monitor, args, fmt, findings, run):
    from .report import build_report, render_text
    matching = None
    cycles_json = [r.to_json() for r in monitor.cycle_records()]
    if findings is not None:
        from .findings import match
        matching = match(findings, cycles_json)
    report = build_report(monitor, run, matching)
    if args.dot_dir:
        from .graphs import RenderUnavailable, write_graphs
        try:
            write_graphs(report["cycles"], args.dot_dir, ("dot", "svg") if args.svg else ("dot",))
        except (RenderUnavailable, OSError, RuntimeError) as exc:
            sys.stderr.write("cyclecheck run: cannot write graphs: %s\n" % exc)
    if fmt == "json":
        text = json.dumps(report, indent=1) + "\n"
    elif fmt == "sarif":
        from .sarif import build_sarif
        text = json.dumps(build_sarif(report), indent=1) + "\n"
    elif fmt == "concise":
        text = "".join("%s %s x%d %s\n" % (c["id"], c["origin"], c["count"], c["path"]) for c in report["cycles"])
    else:
        text = render_text(report)
    _write(text, args.output_file)
