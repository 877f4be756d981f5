import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { EnvelopeExpressAdapter } from './core/http/envelope.adapter';
import { DemoContentService } from './modules/demo/demo-content.service';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new EnvelopeExpressAdapter(), { bufferLogs: true });
  const config = configureApp(app);
  await app.listen(config.port, config.host);
  // After listen: the judge workers learn their queue from this server, and the demo's checkers need one.
  app.get(DemoContentService).seedInBackground();
}

bootstrap().catch((e: Error) => {
  console.error(e.stack ?? e.message);
  process.exit(1);
});
