# lit configuration for chorus's end-to-end tests.
#  %chorus   the chorus binary
#  %examples the examples/ folder of the source tree
#  not       inverts an exit code (from llvm-16 tools)
#  %expect-exit CODE cmd...  succeeds only when cmd exits with CODE
#  %native [-n N] [-D...] FILE  the real run: gcc (or mpicc + mpirun -np N),
#            exits with the program's exit code (tools/native-run)
import os
import lit.formats

config.name = "chorus"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "tools"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(os.path.dirname(config.chorus_bin)), "tests", "lit-out")

config.substitutions.append(("%chorus", os.path.join(config.chorus_bin, "chorus")))
config.substitutions.append(("%expect-exit", os.path.join(os.path.dirname(__file__), "tools", "expect-exit")))
config.substitutions.append(("%native", os.path.join(os.path.dirname(__file__), "tools", "native-run")))
config.substitutions.append(("%examples", os.path.join(config.chorus_src, "examples")))
config.environment["PATH"] = os.pathsep.join([config.llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["LC_ALL"] = "C"
