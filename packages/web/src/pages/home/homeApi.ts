import type { FleetByStage, HomeQueues } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../request';

/** The work waiting for the user: asked again each time the home page opens (staleTime 0). */
export function useHomeQueues() {
  return useQuery({
    queryKey: ['home', 'queues'],
    queryFn: () => get<HomeQueues>('/api/home/queues'),
    staleTime: 0,
  });
}

/** The branch company's vehicles per stage. */
export function useFleetByStage() {
  return useQuery({
    queryKey: ['home', 'fleet'],
    queryFn: () => get<FleetByStage>('/api/home/fleet'),
    staleTime: 0,
  });
}
