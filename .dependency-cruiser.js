/**
 * The floors of the code, checked by `npm run lint` (depcruise src server scripts): no import circle,
 * type-only imports included, so that any file can be read, tested and moved without dragging its
 * whole circle along; the console (src/) never imports the server, neither imports the entry
 * points of scripts/, and the migration sits above the server's features. The one circle kept is
 * the object screen's recursion, by path: a child form opening an object screen
 * (src/resources/object/ChildFormDialog.tsx says why).
 */

/** The modules of the object screen's intended recursion, and only those. */
const OBJECT_SCREEN_RECURSION =
  '^src/resources/object/(ObjectScreen|ObjectForm|FieldRow|CreateInlineButton|ChildFormDialog)[.]tsx$';

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: merge a type-only one into the file that owns the type, untangle a real one.',
      from: {},
      // A circle through any module outside the object screen's recursion.
      to: { circular: true, via: { pathNot: OBJECT_SCREEN_RECURSION } },
    },
    {
      name: 'console-not-server',
      severity: 'error',
      comment: 'The console is built for the browser: what it shares with the server lives in src/ (src/schemas, src/messages).',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'migration-above-features',
      severity: 'error',
      comment:
        'The migration gathers the tables the features declare (server/db/serverTables.ts): a feature declares its own and never imports the migration.',
      from: { path: '^server/', pathNot: '^server/(db/(migrate|serverTables)[.]ts$|runtime/|cli/|start[.]ts$)' },
      to: { path: '^server/db/(migrate|serverTables|migrationHistory)[.]ts$' },
    },
    {
      name: 'no-entry-points',
      severity: 'error',
      comment: 'scripts/ holds entry points (npm run ...): a library they use lives in server/ or src/.',
      from: { path: '^(src|server)/' },
      to: { path: '^scripts/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // npm start's bundle of the server (scripts/serve.mjs), written beside server/start.ts.
    exclude: { path: '^server/[.]start[.]bundle[.]mjs' },
    // Type-only imports count: a circle of types is a circle to whoever reads the files.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
