import { competitorCarScreens, competitorWarningScreens, policyScreens, type Screen } from '@cp/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AtScreenPath, viewsOf } from './ScreenViews';

const cars = competitorCarScreens.cars;
const warnings = competitorWarningScreens.warnings;
const all: Screen[] = [cars, warnings, policyScreens.policyList];

describe('the kinds of records a page lists', () => {
  it('are the page’s own screen and its child pages’ screens, offered on each of them', () => {
    expect(viewsOf(all, cars).map((view) => view.title)).toEqual(['车型报价', '政策预警']);
    expect(viewsOf(all, warnings)).toEqual([cars, warnings]);
    // A page without child pages has no tabs of them.
    expect(viewsOf(all, policyScreens.policyList)).toEqual([]);
  });

  it('show a child page at its own address only: another value of its parameter is no page', () => {
    const at = (path: string) =>
      render(
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path={warnings.route.path}
              element={
                <AtScreenPath screen={warnings}>
                  <p>预警列表</p>
                </AtScreenPath>
              }
            />
          </Routes>
        </MemoryRouter>,
      );
    expect(warnings.path).toBe('/cp-competition-management/ride-hailing-info/warnings');
    at(warnings.path).unmount();
    at('/cp-competition-management/ride-hailing-info/cars');
    expect(screen.getByText('页面不存在').textContent).toBe('页面不存在');
    expect(screen.queryByText('预警列表')).toBeNull();
  });
});
