// Preloaded into the server by start.mjs (`node --import`): the start script holds an IPC channel to the server,
// which closes when the script exits, however it ends (SIGKILL included). The server then stops as on SIGTERM,
// draining its requests, instead of living on as an orphan that holds the port.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
