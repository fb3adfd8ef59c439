import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// What the image ships is each service's and library's build and production dependencies: never the development
// fakes (tools/fakes), the tools/ packages or a benchmark.
const root = path.resolve(__dirname, '../..');
const SHIPPED = [
  ...readdirSync(path.join(root, 'libs')).map((name) => `libs/${name}`),
  ...readdirSync(path.join(root, 'services')).map((name) => `services/${name}`),
];
const FAKES = '@lectern/fakes';

const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const serviceStage = dockerfile.slice(dockerfile.indexOf('AS service'));
const serviceStageCopies = serviceStage.split('\n').filter((line) => line.startsWith('COPY '));

/** The sources a project's build compiles into what ships, relative to the repository. */
function builtSources(project: string): string[] {
  const configPath = path.join(root, project, 'tsconfig.build.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`${configPath} could not be read`);
  return config.fileNames.map((file) => path.relative(root, file));
}

describe('what the image ships', () => {
  it('copies no tools/ package, benchmark or fake into the service stage', () => {
    expect(serviceStageCopies.length).toBeGreaterThan(0);
    expect(serviceStageCopies.filter((line) => /\btools\b|bench|fake/i.test(line))).toEqual([]);
  });

  it('takes only built dist folders from the build stage', () => {
    const fromBuild = serviceStageCopies.filter((line) => line.startsWith('COPY --from=build '));
    expect(fromBuild.length).toBeGreaterThan(0);
    expect(fromBuild.filter((line) => !/^COPY --from=build \/app\/\S+\/dist \S+\/dist$/.test(line))).toEqual(
      [],
    );
  });

  it.each(SHIPPED)('%s: no production dependency on the development fakes', (project) => {
    const pkg = JSON.parse(readFileSync(path.join(root, project, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    const production = ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((field) =>
      Object.keys(pkg[field] ?? {}),
    );
    expect(production).not.toContain(FAKES);
  });

  it.each(SHIPPED)('%s: builds no benchmark or fake into what ships', (project) => {
    const sources = builtSources(project);
    expect(sources.length).toBeGreaterThan(0);
    expect(
      sources.filter((file) =>
        file.split(path.sep).some((part) => part === 'bench' || part.startsWith('fake')),
      ),
    ).toEqual([]);
    expect(
      sources.filter((file) => readFileSync(path.join(root, file), 'utf8').includes(`'${FAKES}`)),
    ).toEqual([]);
  });
});
