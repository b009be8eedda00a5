import type { Tx } from '../db';

/** What a terminal last said of itself (JT/T 808 0x0200 位置信息汇报). */
export interface TerminalReport {
  online: boolean;
  acc: boolean;
  /** km/h */
  speed: number;
  lng: number;
  lat: number;
  relayCut: boolean;
  /** Whether it answers commands (a unit out of signal takes them and says nothing). */
  answers: boolean;
  reportedAt: Date | null;
}

/** 0x8500 车辆控制: cut (断油电) or restore (恢复油电). */
type ControlCommand = { kind: 'cut' | 'restore'; serial: string };

/** The terminal's answer: 0x0500 车辆控制应答 with its position, or none (yet). */
type ControlAnswer = { answered: true; report: TerminalReport } | { answered: false };

/**
 * A device gateway: how the console talks to the cars' terminals. Every call runs in the caller's transaction
 * and locks what it reads of the terminal until it ends, so a decision taken on a report (the car is stopped:
 * cut it) holds while the command goes out. One adapter is built in: the simulator (`simulator.ts`).
 */
export interface DeviceGateway {
  /** True for the simulator: only then are its controls offered. */
  readonly simulated: boolean;
  /** Makes a terminal known to the gateway (a car's terminal bound for the first time), near a point. */
  register(tx: Tx, tenantId: number, imei: string, near: { lng: number; lat: number }): Promise<void>;
  /** The terminal's last report, or null when the gateway has never heard of it. */
  report(tx: Tx, tenantId: number, imei: string): Promise<TerminalReport | null>;
  /** Sends a control command to an online terminal. */
  send(tx: Tx, tenantId: number, imei: string, command: ControlCommand): Promise<ControlAnswer>;
}
