/** Pieces every benchmark of the backend uses. */
import { Controller, Get, INestApplication, Module } from '@nestjs/common';
import { Client } from 'pg';

@Controller()
class HelloController {
  @Get('hello')
  hello() {
    return 'hello world';
  }
}

/** The bare hello-world of the same HTTP adapter, the yardstick of the issues' "% of bare" goals. */
@Module({ controllers: [HelloController] })
export class HelloModule {}

/** Runs one administrative statement (CREATE/DROP DATABASE) on the server at `url`. */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Listens on a free loopback port; returns the base URL. */
export async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
}
