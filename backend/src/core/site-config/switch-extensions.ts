import { Injectable } from '@nestjs/common';

/** Fields a domain module adds to Admin → Switch (GET /api/admin/switch/info, PUT update) and keeps itself. */
export interface SwitchExtension {
  /** Its fields as switch info answers them. */
  read(): Promise<Record<string, unknown>>;
  /** Applies its fields of an update body (the others are the site config's). */
  write(body: Record<string, unknown>): Promise<void>;
}

/**
 * The switch page's fields that live in a domain module rather than in the site config (HOJ's remote judge account
 * lists live with the remote-judge module's accounts): the module registers here at start; the site module's switch
 * routes read and write through it, so neither module imports the other.
 */
@Injectable()
export class SwitchExtensions {
  private readonly extensions: SwitchExtension[] = [];

  register(extension: SwitchExtension): void {
    this.extensions.push(extension);
  }

  async read(): Promise<Record<string, unknown>> {
    const parts = await Promise.all(this.extensions.map((e) => e.read()));
    return Object.assign({}, ...parts) as Record<string, unknown>;
  }

  async write(body: Record<string, unknown>): Promise<void> {
    for (const e of this.extensions) await e.write(body);
  }
}
