// Run Python code under real MicroPython (the pinned WebAssembly build) from Node.
//
// Reads one JSON object on standard input:
//   {"files": {"/lib/pkg/mod.py": "source", ...}, "code": "source" or ["chunk", ...],
//    "heapsize": bytes}
// writes each file into MicroPython's in-memory filesystem, runs the code, and passes its output
// through. A Python exception prints its traceback on standard error and exits with status 1.
//
// Chunks run one after another in the same interpreter (globals carry over). This port's
// gc.collect() frees nothing while a runPython call is still on the JavaScript stack, so a
// measurement of live heap must collect at the start of a chunk of its own.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input);

const mp = await loadMicroPython({
  heapsize: job.heapsize || 1024 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

for (const [path, text] of Object.entries(job.files || {})) {
  const parts = path.split("/").filter(Boolean);
  let dir = "";
  for (const part of parts.slice(0, -1)) {
    dir += "/" + part;
    try { mp.FS.mkdir(dir); } catch (e) { /* already there */ }
  }
  // Binary files (compiled .mpy) arrive as {"base64": "..."}.
  mp.FS.writeFile(path, typeof text === "string" ? text : Buffer.from(text.base64, "base64"));
}

const chunks = Array.isArray(job.code) ? job.code : [job.code];
try {
  for (const chunk of chunks) mp.runPython(chunk);
} catch (error) {
  process.stderr.write(String(error.message || error) + "\n");
  process.exitCode = 1;
}
