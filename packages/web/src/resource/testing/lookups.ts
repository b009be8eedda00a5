import { serve } from './fakeServer';

export const catalog = [
  {
    label: '比亚迪',
    value: '1',
    children: [{ label: '秦PLUS', value: '2', children: [{ label: '秦PLUS EV 2023款 510km', value: '3' }] }],
  },
  {
    label: '广汽埃安',
    value: '9',
    children: [{ label: 'AION S', value: '10', children: [{ label: 'AION S 炫 580', value: '11' }] }],
  },
];
const companies = [
  { label: '北京CP汽车租赁有限公司', value: '1' },
  { label: '天津CP汽车租赁有限公司', value: '3' },
];
const cities = [
  { label: '北京市', value: '1', province: '北京市' },
  { label: '天津市', value: '2', province: '天津市' },
];

/** Answers the dropdown lookups a vehicle form and search use. */
export function serveLookups(): void {
  serve('GET', '/api/lookups/vehicle-catalog', catalog);
  serve('GET', '/api/lookups/companies', companies);
  serve('GET', '/api/lookups/cities', cities);
}
